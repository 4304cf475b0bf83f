import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { catalogItems, departments, municipalities } from '../../db/schema.ts';

export function listItems(db: Executor, catalog: string) {
  return db
    .select()
    .from(catalogItems)
    .where(eq(catalogItems.catalog, catalog))
    .orderBy(asc(catalogItems.sortOrder), asc(catalogItems.code));
}

export async function findItem(db: Executor, id: string) {
  const rows = await db.select().from(catalogItems).where(eq(catalogItems.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertItem(db: Executor, values: typeof catalogItems.$inferInsert) {
  const [row] = await db.insert(catalogItems).values(values).returning({ id: catalogItems.id });
  return row!.id;
}

export async function nextSortOrder(db: Executor, catalog: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${catalogItems.sortOrder}), -1)::int + 1` })
    .from(catalogItems)
    .where(eq(catalogItems.catalog, catalog));
  return row?.n ?? 0;
}

export async function deleteItem(db: Executor, id: string) {
  await db.delete(catalogItems).where(eq(catalogItems.id, id));
}

/** Active codes of a catalog (all codes with `includeInactive`). */
export async function codesOf(db: Executor, catalog: string, includeInactive = false) {
  const rows = await db
    .select({ code: catalogItems.code })
    .from(catalogItems)
    .where(and(eq(catalogItems.catalog, catalog), includeInactive ? undefined : eq(catalogItems.active, true)));
  return new Set(rows.map((r) => r.code));
}

export function departmentOptions(db: Executor) {
  return db.select({ code: departments.code, name: departments.name }).from(departments).orderBy(asc(departments.code));
}

export function municipalityOptions(db: Executor, departmentCode?: string) {
  return db
    .select({ code: municipalities.code, name: municipalities.name })
    .from(municipalities)
    .where(departmentCode ? eq(municipalities.departmentCode, departmentCode) : undefined)
    .orderBy(asc(municipalities.code));
}

export async function departmentExists(db: Executor, code: string) {
  return (
    (await db.select({ code: departments.code }).from(departments).where(eq(departments.code, code)).limit(1)).length >
    0
  );
}

export async function findMunicipality(db: Executor, code: string) {
  const rows = await db.select().from(municipalities).where(eq(municipalities.code, code)).limit(1);
  return rows[0] ?? null;
}

export function ageGroups(db: Executor) {
  return db
    .select({ code: catalogItems.code, minAge: catalogItems.minAge, maxAge: catalogItems.maxAge })
    .from(catalogItems)
    .where(eq(catalogItems.catalog, 'age_group'))
    .orderBy(asc(catalogItems.minAge));
}

/** `catalog → code → active` for the given catalogs, in one query. */
export async function codesByCatalog(db: Executor, catalogs: string[]) {
  const rows = await db
    .select({ catalog: catalogItems.catalog, code: catalogItems.code, active: catalogItems.active })
    .from(catalogItems)
    .where(sql`${catalogItems.catalog} in ${catalogs}`);
  const out = new Map<string, Map<string, boolean>>();
  for (const r of rows) {
    if (!out.has(r.catalog)) out.set(r.catalog, new Map());
    out.get(r.catalog)!.set(r.code, r.active);
  }
  return out;
}
