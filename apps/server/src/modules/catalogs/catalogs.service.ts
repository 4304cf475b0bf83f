import type { UserActor } from '../../lib/actor.ts';
import type { z } from 'zod';
import type {
  CatalogItem,
  CatalogOption,
  catalogItemCreate,
  catalogItemUpdate,
} from '@amparo/shared/modules/catalogs.schema';
import { CATALOG_NAMES, CATALOG_PARENTS, type CatalogName } from '@amparo/shared/modules/catalogs.schema';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalidField, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { catalogItems } from '../../db/schema.ts';
import * as repo from './catalogs.repository.ts';
import type { OptionSources } from '../../lib/option-sources.ts';
import type { CatalogColumns } from '../../lib/catalog-usage.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findItem>>>;
const toItem = (r: Row): CatalogItem => ({
  id: r.id,
  catalog: r.catalog,
  code: r.code,
  es: r.es,
  en: r.en,
  active: r.active,
  sortOrder: r.sortOrder,
  minAge: r.minAge,
  maxAge: r.maxAge,
  parent: r.parent,
  version: r.version,
});
const pick = (r: Row) => ({ code: r.code, es: r.es, en: r.en, active: r.active, parent: r.parent });

/**
 * The parent an item of `catalog` may have: for a catalog with a parent catalog (`CATALOG_PARENTS`: a program
 * under a strategic axis, issue 13 section 1) an active item of it (`unchanged` keeps an item's current parent even
 * if since deactivated), else none. Field errors on `parent`: `required`, `invalid`.
 */
async function checkParent(
  db: Executor,
  catalog: string,
  parent: string | null | undefined,
  unchanged: string | null = null,
): Promise<string | null> {
  const parentCatalog = CATALOG_PARENTS[catalog as CatalogName];
  if (!parentCatalog) {
    if (parent) throw invalidField('parent', 'invalid');
    return null;
  }
  if (!parent) throw invalidField('parent', 'required');
  if (parent !== unchanged && !(await repo.codesOf(db, parentCatalog)).has(parent))
    throw invalidField('parent', 'invalid');
  return parent;
}

export const departmentExists = repo.departmentExists;
export const findMunicipality = repo.findMunicipality;
/**
 * The age groups' ranges. They come from the seed (the same in every
 * database) and the API cannot change them (items are renamed or deactivated,
 * never re-ranged), so they are read once per process.
 */
let ageGroupCache: Promise<Awaited<ReturnType<typeof repo.ageGroups>>> | null = null;
/**
 * The age-group catalog with its bounds in whole years (`{ code, minAge, maxAge }`, youngest first), read once per
 * process.
 */
export function ageGroups(db: Executor) {
  if (!ageGroupCache) {
    // Awaited here: a Drizzle query is lazy and would run again on every await.
    ageGroupCache = (async () => await repo.ageGroups(db))();
    ageGroupCache.catch(() => (ageGroupCache = null));
  }
  return ageGroupCache;
}
export const codesByCatalog = repo.codesByCatalog;

/**
 * Department and municipality names by INE code. Reference data, written only
 * by the start-up seed, so each process reads them once.
 */
let geographyCache: Promise<{ departments: Map<string, string>; municipalities: Map<string, string> }> | null = null;
/**
 * Department and municipality names by INE code (`{ departments, municipalities }` maps), read once per process.
 */
export function geographyNames(db: Executor) {
  if (!geographyCache) {
    geographyCache = (async () => ({
      departments: new Map((await repo.departmentOptions(db)).map((d) => [d.code, d.name])),
      municipalities: new Map((await repo.municipalityOptions(db)).map((m) => [m.code, m.name])),
    }))();
    geographyCache.catch(() => (geographyCache = null));
  }
  return geographyCache;
}

/**
 * The generic catalog call (spec section 7): items as `{ code, cname, value }`
 * in the asked language; the web labels them 'code - cname'. Besides the
 * editable catalogs it serves `department`, `municipality` (filtered by the
 * department code in `parent`) and `headquarter` (value = its id).
 */
/**
 * `code → label` of one editable catalog in `lang`, deactivated items included
 * (exports and reports label old records too). Unknown catalog: empty map.
 */
export async function catalogLabels(db: Executor, name: string, lang: 'es' | 'en'): Promise<Map<string, string>> {
  return new Map((await repo.listItems(db, name)).map((i) => [i.code, lang === 'en' ? i.en : i.es]));
}

export async function options(
  db: Db,
  sources: OptionSources,
  name: string,
  lang: 'es' | 'en',
  parent: string | undefined,
  includeInactive: boolean,
): Promise<CatalogOption[] | null> {
  if (name === 'department')
    return (await repo.departmentOptions(db)).map((d) => ({
      code: d.code,
      cname: d.name,
      value: d.code,
      active: true,
    }));
  if (name === 'municipality')
    return (await repo.municipalityOptions(db, parent)).map((m) => ({
      code: m.code,
      cname: m.name,
      value: m.code,
      active: true,
    }));
  // Lists other modules serve here (headquarter, role, ...), registered at start-up (lib/option-sources.ts).
  const source = sources.get(name);
  if (source) return source(db, { includeInactive });
  if (!(CATALOG_NAMES as readonly string[]).includes(name)) return null;
  // A catalog under another (programs under a strategic axis) is filtered by its parent's code when one is given.
  const byParent = parent !== undefined && CATALOG_PARENTS[name as CatalogName] !== undefined;
  return (await repo.listItems(db, name))
    .filter((i) => (includeInactive || i.active) && (!byParent || i.parent === parent))
    .map((i) => ({ code: i.code, cname: lang === 'en' ? i.en : i.es, value: i.code, active: i.active }));
}

/**
 * Every item of one catalog, active or not, in the catalog's order (Configuración › Catálogos, spec section 5).
 */
export async function listItems(db: Executor, catalog: string): Promise<CatalogItem[]> {
  return (await repo.listItems(db, catalog)).map(toItem);
}

/** Adds an item; codes are unique per catalog (409 duplicate). */
export async function createItem(
  db: Db,
  actor: UserActor,
  body: z.output<typeof catalogItemCreate>,
): Promise<CatalogItem> {
  try {
    return await db.transaction(async (tx) => {
      const id = await repo.insertItem(tx, {
        ...body,
        parent: await checkParent(tx, body.catalog, body.parent),
        sortOrder: await repo.nextSortOrder(tx, body.catalog),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      const row = (await repo.findItem(tx, id))!;
      await writeAudit(tx, actor, {
        action: 'create',
        entity: `catalog:${body.catalog}`,
        entityId: id,
        changes: diff(null, pick(row)),
      });
      return toItem(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'duplicate', [{ field: 'code', code: 'duplicate' }]);
    throw err;
  }
}

/** Renames or (de)activates an item; its code never changes, so records keep pointing at it. */
export async function updateItem(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof catalogItemUpdate>,
): Promise<CatalogItem> {
  return db.transaction(async (tx) => {
    const before = await repo.findItem(tx, id);
    if (!before) throw notFound();
    const { version, parent, ...values } = body;
    await updateVersioned(tx, catalogItems, id, version, {
      ...values,
      // Absent: unchanged.
      parent: parent === undefined ? before.parent : await checkParent(tx, before.catalog, parent, before.parent),
      updatedBy: actor.userId,
    });
    const after = (await repo.findItem(tx, id))!;
    await writeAudit(tx, actor, {
      action: 'update',
      entity: `catalog:${after.catalog}`,
      entityId: id,
      changes: diff(pick(before), pick(after)),
    });
    return toItem(after);
  });
}

/**
 * Deletes an item no record uses (409 `in_use`: deactivate it instead). Use
 * is looked up in every column the modules registered for the catalog
 * (issue 9 item 9), deleted persons' rows included.
 */
export async function deleteItem(db: Db, columns: CatalogColumns, actor: UserActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.findItem(tx, id);
    if (!row) throw notFound();
    if (await isInUse(tx, columns, row.catalog, row.code)) throw new AppError(409, 'in_use');
    await repo.deleteItem(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: `catalog:${row.catalog}`,
      entityId: id,
      changes: diff(pick(row), null),
    });
  });
}

async function isInUse(db: Executor, columns: CatalogColumns, catalog: string, code: string): Promise<boolean> {
  // A person's age group is derived from their age, but the items' ranges define the groups: keep them.
  if (catalog === 'age_group') return true;
  return columns.inUse(db, catalog, code);
}
