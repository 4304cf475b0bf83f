import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { departments, headquarters } from '../../db/schema.ts';

const columns = {
  id: headquarters.id,
  code: headquarters.code,
  name: headquarters.name,
  country: headquarters.country,
  state: headquarters.state,
  stateName: departments.name,
  address: headquarters.address,
  active: headquarters.active,
  version: headquarters.version,
};

/**
 * Every headquarter with its department's name, by code.
 */
export function listHeadquarters(db: Executor) {
  return db
    .select(columns)
    .from(headquarters)
    .leftJoin(departments, eq(departments.code, headquarters.state))
    .orderBy(asc(headquarters.code));
}

/**
 * One headquarter with its department's name, or null.
 */
export async function findHeadquarter(db: Executor, id: string) {
  const rows = await db
    .select(columns)
    .from(headquarters)
    .leftJoin(departments, eq(departments.code, headquarters.state))
    .where(eq(headquarters.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Inserts a headquarter; returns its id (23505 on a taken code).
 */
export async function insertHeadquarter(db: Executor, values: typeof headquarters.$inferInsert) {
  const [row] = await db.insert(headquarters).values(values).returning({ id: headquarters.id });
  return row!.id;
}

/**
 * Deletes a headquarter (23503 while persons or activities refer to it: the service answers 409).
 */
export async function deleteHeadquarter(db: Executor, id: string) {
  await db.delete(headquarters).where(eq(headquarters.id, id));
}

/**
 * Headquarters as options `{ code, cname: name, value: id, active }`, by code.
 */
export function headquarterOptions(db: Executor) {
  return db
    .select({
      code: headquarters.code,
      cname: headquarters.name,
      value: sql<string>`${headquarters.id}::text`,
      active: headquarters.active,
    })
    .from(headquarters)
    .orderBy(asc(headquarters.code));
}

/**
 * `{ id, name }` of the given headquarters.
 */
export function headquarterNames(db: Executor, ids: string[]) {
  return db
    .select({ id: headquarters.id, name: headquarters.name })
    .from(headquarters)
    .where(inArray(headquarters.id, ids));
}
