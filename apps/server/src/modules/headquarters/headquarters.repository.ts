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

export function listHeadquarters(db: Executor) {
  return db
    .select(columns)
    .from(headquarters)
    .leftJoin(departments, eq(departments.code, headquarters.state))
    .orderBy(asc(headquarters.code));
}

export async function findHeadquarter(db: Executor, id: string) {
  const rows = await db
    .select(columns)
    .from(headquarters)
    .leftJoin(departments, eq(departments.code, headquarters.state))
    .where(eq(headquarters.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertHeadquarter(db: Executor, values: typeof headquarters.$inferInsert) {
  const [row] = await db.insert(headquarters).values(values).returning({ id: headquarters.id });
  return row!.id;
}

export async function deleteHeadquarter(db: Executor, id: string) {
  await db.delete(headquarters).where(eq(headquarters.id, id));
}

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

export function headquarterNames(db: Executor, ids: string[]) {
  return db
    .select({ id: headquarters.id, name: headquarters.name })
    .from(headquarters)
    .where(inArray(headquarters.id, ids));
}
