import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { catalogItems, departments, municipalities } from '../../db/schema.ts';

/**
 * Every item of `catalog`, active or not, by sort order then code (full rows: es/en labels, age bounds, version).
 */
export function listItems(db: Executor, catalog: string) {
  return db
    .select()
    .from(catalogItems)
    .where(eq(catalogItems.catalog, catalog))
    .orderBy(asc(catalogItems.sortOrder), asc(catalogItems.code));
}

/**
 * One catalog item by id, or null.
 */
export async function findItem(db: Executor, id: string) {
  const rows = await db.select().from(catalogItems).where(eq(catalogItems.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Inserts a catalog item; returns its id (23505 on a duplicate code in the catalog).
 */
export async function insertItem(db: Executor, values: typeof catalogItems.$inferInsert) {
  const [row] = await db.insert(catalogItems).values(values).returning({ id: catalogItems.id });
  return row!.id;
}

/**
 * The sort order after the catalog's last item (0 for an empty catalog).
 */
export async function nextSortOrder(db: Executor, catalog: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${catalogItems.sortOrder}), -1)::int + 1` })
    .from(catalogItems)
    .where(eq(catalogItems.catalog, catalog));
  return row?.n ?? 0;
}

/**
 * Deletes a catalog item (the service checks first that no registered column uses it).
 */
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

/**
 * Guatemala's 22 departments as `{ code, name }` (INE codes), by code.
 */
export function departmentOptions(db: Executor) {
  return db.select({ code: departments.code, name: departments.name }).from(departments).orderBy(asc(departments.code));
}

/**
 * Municipalities as `{ code, name }` (INE codes), of one department when `departmentCode` is given, by code.
 */
export function municipalityOptions(db: Executor, departmentCode?: string) {
  return db
    .select({ code: municipalities.code, name: municipalities.name })
    .from(municipalities)
    .where(departmentCode ? eq(municipalities.departmentCode, departmentCode) : undefined)
    .orderBy(asc(municipalities.code));
}

/**
 * Whether a department with this INE code exists.
 */
export async function departmentExists(db: Executor, code: string) {
  return (
    (await db.select({ code: departments.code }).from(departments).where(eq(departments.code, code)).limit(1)).length >
    0
  );
}

/**
 * One municipality (code, name, department code) by INE code, or null.
 */
export async function findMunicipality(db: Executor, code: string) {
  const rows = await db.select().from(municipalities).where(eq(municipalities.code, code)).limit(1);
  return rows[0] ?? null;
}

/**
 * The age-group catalog as `{ code, minAge, maxAge }` in whole years, youngest first.
 */
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
