import { boolean, customType, index, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editableColumns } from '../../db/columns.ts';
import { roles } from '../roles/roles.table.ts';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Staff accounts. `password_hash` is argon2id; `extra_permissions` add to the role's. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    nit: text('nit'),
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'restrict' }),
    responsibility: text('responsibility'),
    workgroup: text('workgroup'),
    active: boolean('active').notNull().default(true),
    extraPermissions: text('extra_permissions').array().notNull().default([]),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * Sign-in is refused until then (issue 23 item 1): set when the owner cancels an e-mail change from the
     * notice to their old address; an administrator may lift it early.
     */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
  ],
);

/** Photos kept in the database so server instances share no disk (see README, load balancing). */
export const userPhotos = pgTable('user_photos', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change of a user's e-mail (issue 23 item 1), kept so that
 * - a password reset goes to the address the account had before any change of the last
 *   EMAIL_CHANGE_GUARD_HOURS (a taken-over address cannot receive the link);
 * - the owner's old address can cancel their own change (`cancel_token_hash`, the SHA-256 of the
 *   link mailed to it, valid until `cancel_expires_at`), which restores it and locks the account.
 * `kind`: `owner` (confirmed by the owner from the new address), `administrator` (the Administrador role, with
 * `reason`), `correction` (a user manager, before the user's first sign-in), `restored` (the owner cancelled).
 */
export const userEmailChanges = pgTable(
  'user_email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    kind: text('kind', { enum: ['owner', 'administrator', 'correction', 'restored'] }).notNull(),
    reason: text('reason'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    cancelTokenHash: text('cancel_token_hash').unique(),
    cancelExpiresAt: timestamp('cancel_expires_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('user_email_changes_user_idx').on(t.userId, t.changedAt),
    index('user_email_changes_old_idx').on(sql`lower(${t.oldEmail})`, t.changedAt),
  ],
);
