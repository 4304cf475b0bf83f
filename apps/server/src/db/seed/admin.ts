import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { roles, users } from '../schema.ts';
import { hashPassword, randomPassword } from '../../lib/password.ts';
import { ADMIN_ROLE_SLUG } from './reference.ts';

/**
 * Creates the first administrator when there is no user at all. Credentials
 * come from ADMIN_EMAIL/ADMIN_PASSWORD, else a random password is returned to
 * be printed once (it is never stored in clear).
 */
export async function ensureFirstAdmin(
  db: Db,
  opts: { email?: string; username: string; password?: string },
): Promise<{ username: string; email: string; password: string; generated: boolean } | null> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
  if (count > 0) return null;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.slug, ADMIN_ROLE_SLUG));
  const password = opts.password ?? randomPassword();
  const email = opts.email ?? `${opts.username}@amparo.local`;
  await db.insert(users).values({
    username: opts.username,
    email,
    passwordHash: await hashPassword(password),
    fullName: 'Administrador',
    roleId: role?.id ?? null,
  });
  return { username: opts.username, email, password, generated: !opts.password };
}
