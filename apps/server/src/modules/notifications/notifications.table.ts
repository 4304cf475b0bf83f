import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * In-app notifications (issue 12): one row per recipient. `params` hold only
 * what the web's sentence needs and is not personal (a file code), never a
 * name. `email` is the recipient's choice for the kind when it was written
 * (`immediate`, `digest`, `off`); `emailed_at` marks it sent in a mail.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    link: text('link').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean>>().notNull().default({}),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt.desc()),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
    index('notifications_email_idx')
      .on(t.email, t.createdAt)
      .where(sql`${t.emailedAt} is null and ${t.email} <> 'off'`),
  ],
);

/** A user's e-mail choice for a kind; kinds without a row use DEFAULT_EMAIL_CHOICE. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
