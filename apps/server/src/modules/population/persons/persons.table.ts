import {
  bigint,
  boolean,
  date,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editableColumns } from '../../../db/columns.ts';
import { users } from '../../users/users.table.ts';
import { headquarters } from '../../headquarters/headquarters.table.ts';
import { departments, municipalities } from '../../catalogs/catalogs.table.ts';

/**
 * People served ('Person (population)', spec section 3). Catalog fields hold
 * item codes; `state`/`town` are INE codes. `search_text` is the accent-free,
 * lower-case concatenation of names, last names, alias and file numbers,
 * written by the repository and searched through a trigram index.
 */
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileNumber: bigint('file_number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    names: text('names').notNull(),
    lastNames: text('last_names').notNull(),
    alias: text('alias'),
    birthDate: date('birth_date', { mode: 'string' }),
    /** True when only an age was given and the birth date was estimated from it. */
    birthDateEstimated: boolean('birth_date_estimated').notNull().default(false),
    civilStatus: text('civil_status'),
    sex: text('sex').notNull(),
    sexualOrientation: text('sexual_orientation'),
    nationality: text('nationality'),
    ethnicGroup: text('ethnic_group'),
    linguisticCommunity: text('linguistic_community'),
    academicDegree: text('academic_degree'),
    knowsRead: boolean('knows_read'),
    knowsWrite: boolean('knows_write'),
    disability: text('disability'),
    pregnancy: boolean('pregnancy'),
    country: text('country').notNull().default('GT'),
    state: text('state').references(() => departments.code),
    town: text('town').references(() => municipalities.code),
    community: text('community'),
    weightLbs: numeric('weight_lbs', { precision: 6, scale: 2 }),
    heightM: numeric('height_m', { precision: 4, scale: 2 }),
    phones: text('phones').array().notNull().default([]),
    bloodType: text('blood_type'),
    bond: text('bond'),
    perpetrator: text('perpetrator'),
    thematic: text('thematic').array().notNull().default([]),
    admissionDate: date('admission_date', { mode: 'string' }).notNull(),
    admissionReason: text('admission_reason'),
    referrer: text('referrer'),
    court: text('court'),
    departureDate: date('departure_date', { mode: 'string' }),
    departureReason: text('departure_reason'),
    departureNote: text('departure_note'),
    externalFileNumber: text('external_file_number'),
    headquarterId: uuid('headquarter_id').references(() => headquarters.id, { onDelete: 'restrict' }),
    /** The person's photo and its thumbnail in the file store (content hashes). */
    photoKey: text('photo_key'),
    photoThumbKey: text('photo_thumb_key'),
    photoMime: text('photo_mime'),
    searchText: text('search_text').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by'),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('persons_file_number_key').on(t.fileNumber),
    index('persons_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Plain (created_at, id): scanned backwards it serves the default newest-first order.
    index('persons_created_idx').on(t.createdAt, t.id),
    index('persons_admission_idx').on(t.admissionDate),
    index('persons_birth_idx').on(t.birthDate),
    index('persons_state_idx').on(t.state),
    index('persons_headquarter_idx').on(t.headquarterId),
    index('persons_thematic_idx').using('gin', t.thematic),
  ],
);

/**
 * Per-person grants (spec section 6): administrator, can_read, can_write.
 * `expires_on` is the last day the grant holds (America/Guatemala); after it
 * the grant lapses by itself (checked at query time, nothing to sweep).
 */
export const personGrants = pgTable(
  'person_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    administrator: boolean('administrator').notNull().default(false),
    canRead: boolean('can_read').notNull().default(false),
    canWrite: boolean('can_write').notNull().default(false),
    reason: text('reason'),
    expiresOn: date('expires_on', { mode: 'string' }),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('person_grants_person_user_key').on(t.personId, t.userId),
    index('person_grants_user_idx').on(t.userId, t.personId),
  ],
);

/** A user's request for access to a person, decided by an administrator of the person. */
export const personAccessRequests = pgTable(
  'person_access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    canWrite: boolean('can_write').notNull().default(false),
    status: text('status', { enum: ['pending', 'approved', 'denied'] })
      .notNull()
      .default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('person_access_requests_person_idx').on(t.personId, t.status),
    uniqueIndex('person_access_requests_pending_key')
      .on(t.personId, t.userId)
      .where(sql`status = 'pending'`),
  ],
);
