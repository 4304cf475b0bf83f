import {
  foreignKey,
  index,
  type AnyPgColumn,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editableColumns } from '../../../db/columns.ts';
import { users } from '../../users/users.table.ts';
import { headquarters } from '../../headquarters/headquarters.table.ts';
import { departments, municipalities } from '../../catalogs/catalogs.table.ts';
import { persons } from '../persons/persons.table.ts';
import { planningLines } from '../../budget/planning/planning.table.ts';
import { textVector } from '../../../lib/search.ts';

/**
 * What an activity's search reads (issue 24 section 2): its name and description as words (`lib/search.ts`), the
 * same expression as the GIN index below so the index serves it.
 */
export const activitySearchVector = (t: { name: AnyPgColumn; description: AnyPgColumn }) =>
  textVector(sql`${t.name}`, sql`${t.description}`);

/** Group activities (issue 4). */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    activityType: text('activity_type').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    headquarterId: uuid('headquarter_id').references(() => headquarters.id, { onDelete: 'restrict' }),
    state: text('state')
      .notNull()
      .references(() => departments.code),
    town: text('town')
      .notNull()
      .references(() => municipalities.code),
    place: text('place'),
    thematic: text('thematic').array().notNull().default([]),
    description: text('description'),
    /** The planning line (POA) this activity executes, if any (issue 13 section 3, 'Goals achieved'). */
    planningLineId: uuid('planning_line_id').references(() => planningLines.id, { onDelete: 'restrict' }),
    ...editableColumns(),
  },
  (t) => [
    index('activities_starts_idx').on(t.startsAt, t.id),
    index('activities_planning_line_idx').on(t.planningLineId),
    index('activities_search_idx').using('gin', activitySearchVector(t)),
  ],
);

export const activityFacilitators = pgTable(
  'activity_facilitators',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);

/** Registered participants. */
export const activityParticipants = pgTable(
  'activity_participants',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'restrict' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.personId] }),
    index('activity_participants_person_idx').on(t.personId),
  ],
);

/** Participants outside the registry, counted by sex and age group (for reports). */
export const activityUnregistered = pgTable(
  'activity_unregistered',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    sex: text('sex').notNull(),
    ageGroup: text('age_group').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.sex, t.ageGroup] })],
);

/** Photos: the original and a thumbnail in the file store (keys are content hashes). */
export const activityPhotos = pgTable(
  'activity_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** When someone last said who appears in the photo; until then it is hidden if any participant lacks image consent. */
    personsReviewedAt: timestamp('persons_reviewed_at', { withTimezone: true }),
    personsReviewedBy: uuid('persons_reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('activity_photos_activity_idx').on(t.activityId)],
);

/**
 * Registered participants who appear in a photo (issue 4, image-use consent).
 * The key includes the activity so a person leaves every photo when removed from the activity.
 */
export const activityPhotoPersons = pgTable(
  'activity_photo_persons',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => activityPhotos.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.personId] }),
    foreignKey({
      columns: [t.activityId, t.personId],
      foreignColumns: [activityParticipants.activityId, activityParticipants.personId],
      name: 'activity_photo_persons_participant_fk',
    }).onDelete('cascade'),
    index('activity_photo_persons_person_idx').on(t.personId),
  ],
);
