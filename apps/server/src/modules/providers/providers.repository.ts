import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { normalizeNit } from '@amparo/shared/identifiers';
import type { Executor } from '../../db/client.ts';
import { matches, wordsText } from '../../lib/search.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { providers, providerSearchVector, type ProviderRow } from './providers.table.ts';

export type { ProviderRow };

/**
 * The list's filter: `q`'s words in the name or trade name (word search: accents and case ignored, each word a
 * prefix, all required; `lib/search.ts`), or `q` as a NIT, exactly (normalised); and the active flag.
 */
function listWhere(q: string | undefined, active: 'all' | 'active' | 'inactive'): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q) parts.push(or(matches(providerSearchVector(providers), wordsText(q)), eq(providers.nit, normalizeNit(q))));
  if (active !== 'all') parts.push(eq(providers.active, active === 'active'));
  return and(...parts);
}

/** A page of providers by name, and how many match. */
export async function listProviders(
  db: Executor,
  f: { q?: string; active: 'all' | 'active' | 'inactive'; page: number; pageSize: number; order: 'asc' | 'desc' },
) {
  const where = listWhere(f.q, f.active);
  const items = await db
    .select()
    .from(providers)
    .where(where)
    .orderBy(f.order === 'desc' ? sql`${providers.name} desc` : asc(providers.name), asc(providers.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(providers)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/** One provider, or null. */
export async function findProvider(db: Executor, id: string): Promise<ProviderRow | null> {
  const [row] = await db.select().from(providers).where(eq(providers.id, id)).limit(1);
  return row ?? null;
}

/** Inserts a provider; returns its id (23505 `providers_nit_key` on a NIT taken). */
export async function insertProvider(db: Executor, values: typeof providers.$inferInsert): Promise<string> {
  const [row] = await db.insert(providers).values(values).returning({ id: providers.id });
  return row!.id;
}

/** Updates a provider at `version` (409 `version_conflict` when stale, 404 when gone; 23505 on a NIT taken). */
export function updateProvider(
  db: Executor,
  id: string,
  version: number,
  values: Omit<Partial<typeof providers.$inferInsert>, 'version' | 'updatedAt'>,
) {
  return updateVersioned(db, providers, id, version, values);
}
