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
