import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { sessions } from '../auth/auth.table.ts';

/**
 * Pending self-service e-mail changes (issue 9 item 1): the new address takes
 * effect only when the single-use link mailed to it is opened within 24 hours.
 * Only the SHA-256 of the token is stored, as for reset links. `session_id` is
 * the session that asked: it survives the change, every other one is revoked.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);
