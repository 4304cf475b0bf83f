import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail the app sends; without SMTP_URL this table (and the log) is the outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  /** A credential inside `text` (a reset link's token), replaced in `text` and cleared once SMTP took the mail. */
  scrub: text('scrub'),
  /** Delivery attempts made (the `mail.deliver` job, issue 12). */
  attempts: integer('attempts').notNull().default(0),
});
