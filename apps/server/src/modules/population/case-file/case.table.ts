import { planningLines } from '../../budget/planning/planning.table.ts';
import { boolean, check, index, integer, pgTable, text, timestamp, date, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editableColumns } from '../../../db/columns.ts';
import { users } from '../../users/users.table.ts';
import { persons } from '../persons/persons.table.ts';

/**
 * People linked to a person (issue 4): another registered person
 * (`linked_person_id`) or someone outside the registry (names, ...).
 * `bond` is what the linked person is to `person_id` (bond catalog).
 */
export const personLinks = pgTable(
  'person_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    linkedPersonId: uuid('linked_person_id').references(() => persons.id, { onDelete: 'cascade' }),
    names: text('names'),
    lastNames: text('last_names'),
    sex: text('sex'),
    age: integer('age'),
    phones: text('phones').array().notNull().default([]),
    bond: text('bond').notNull(),
    livesWith: boolean('lives_with').notNull().default(false),
    legalGuardian: boolean('legal_guardian').notNull().default(false),
    notes: text('notes'),
    ...editableColumns(),
  },
  (t) => [
    index('person_links_person_idx').on(t.personId),
    index('person_links_linked_idx').on(t.linkedPersonId),
    uniqueIndex('person_links_pair_key')
      .on(t.personId, t.linkedPersonId)
      .where(sql`linked_person_id is not null`),
    check('person_links_who', sql`linked_person_id is not null or (names is not null and last_names is not null)`),
    check('person_links_not_self', sql`linked_person_id is null or linked_person_id <> person_id`),
  ],
);

/** Alleged perpetrators of harm against a person: only ever read through the person's file. */
export const personPerpetrators = pgTable(
  'person_perpetrators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    names: text('names'),
    alias: text('alias'),
    sex: text('sex'),
    approximateAge: integer('approximate_age'),
    bond: text('bond'),
    thematic: text('thematic').array().notNull().default([]),
    reported: boolean('reported').notNull().default(false),
    reportedTo: text('reported_to').array().notNull().default([]),
    caseNumber: text('case_number'),
    notes: text('notes'),
    ...editableColumns(),
  },
  (t) => [
    index('person_perpetrators_person_idx').on(t.personId),
    check('person_perpetrators_who', sql`names is not null or alias is not null`),
  ],
);

/** Attentions: each service a professional gave a person. */
export const attentions = pgTable(
  'attentions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    attendedAt: timestamp('attended_at', { withTimezone: true }).notNull(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    area: text('area').notNull(),
    modality: text('modality').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    summary: text('summary').notNull(),
    agreements: text('agreements'),
    nextFollowUp: date('next_follow_up', { mode: 'string' }),
    /** The planning line (POA) this attention executes, if any (issue 13 section 3, 'Goals achieved'). */
    planningLineId: uuid('planning_line_id').references(() => planningLines.id, { onDelete: 'restrict' }),
    ...editableColumns(),
  },
  (t) => [
    index('attentions_planning_line_idx').on(t.planningLineId),
    index('attentions_person_idx').on(t.personId, t.attendedAt.desc(), t.id),
    index('attentions_professional_idx').on(t.professionalId, t.attendedAt.desc(), t.id),
    check('attentions_duration', sql`duration_minutes between 1 and 1440`),
  ],
);
