import { boolean, date, index, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { editableColumns } from '../../../db/columns.ts';
import { documents } from '../../documentation/documentation.table.ts';
import { persons } from '../persons/persons.table.ts';
import { personLinks } from './case.table.ts';

/** Closed admission periods of a person; the current one lives on the person's row (issue 4). */
export const personPeriods = pgTable(
  'person_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    admissionDate: date('admission_date', { mode: 'string' }).notNull(),
    admissionReason: text('admission_reason'),
    referrer: text('referrer'),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    departureReason: text('departure_reason'),
    departureNote: text('departure_note'),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid('closed_by'),
  },
  (t) => [index('person_periods_person_idx').on(t.personId, t.admissionDate)],
);

/** The person's consents, one row per kind (data processing, services, image use). */
export const personConsents = pgTable(
  'person_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['data_processing', 'services', 'image_use'] }).notNull(),
    granted: boolean('granted').notNull(),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    givenBy: text('given_by', { enum: ['self', 'guardian'] }).notNull(),
    guardianLinkId: uuid('guardian_link_id').references(() => personLinks.id, { onDelete: 'set null' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    notes: text('notes'),
    ...editableColumns(),
  },
  (t) => [uniqueIndex('person_consents_kind_key').on(t.personId, t.kind)],
);
