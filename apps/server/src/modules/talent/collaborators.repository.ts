import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matches, wordsText } from '../../lib/search.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { collaborators, collaboratorSearchVector, type CollaboratorRow } from './collaborators.table.ts';

export type { CollaboratorRow };

/**
 * The list's filter (issue 27 section 4): `q`'s words in the names (word search: accents and case ignored, each
 * word a prefix, all required; `lib/search.ts`), or `q` as the beginning of a code (upper-cased) or, when it is
 * digits once spaces and hyphens are dropped, of a DPI; and the active flag.
 */
function listWhere(q: string | undefined, active: 'all' | 'active' | 'inactive'): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q) {
    const digits = q.replace(/[\s-]/g, '');
    parts.push(
      or(
        matches(collaboratorSearchVector(collaborators), wordsText(q)),
        sql`starts_with(${collaborators.code}, ${q.toUpperCase()})`,
        /^\d+$/.test(digits) ? sql`starts_with(${collaborators.dpi}, ${digits})` : undefined,
      ),
    );
  }
  if (active !== 'all') parts.push(eq(collaborators.active, active === 'active'));
  return and(...parts);
}

/** A page of collaborators by last names, first names (and id), and how many match. */
export async function listCollaborators(
  db: Executor,
  f: { q?: string; active: 'all' | 'active' | 'inactive'; page: number; pageSize: number; order: 'asc' | 'desc' },
) {
  const where = listWhere(f.q, f.active);
  const items = await db
    .select()
    .from(collaborators)
    .where(where)
    .orderBy(
      ...(f.order === 'desc'
        ? [sql`${collaborators.lastNames} desc`, sql`${collaborators.firstNames} desc`]
        : [asc(collaborators.lastNames), asc(collaborators.firstNames)]),
      asc(collaborators.id),
    )
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(collaborators)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/** One collaborator, or null. */
export async function findCollaborator(db: Executor, id: string): Promise<CollaboratorRow | null> {
  const [row] = await db.select().from(collaborators).where(eq(collaborators.id, id)).limit(1);
  return row ?? null;
}

/**
 * The collaborators whose DPI is one of `dpis` or whose code is one of `codes` (both as stored: normalised), in
 * one statement of fixed size whatever the number of keys (each list goes as one array parameter; the unique
 * indexes serve both sides of the `or`).
 */
export function collaboratorsWithKeys(db: Executor, dpis: string[], codes: string[]): Promise<CollaboratorRow[]> {
  return db
    .select()
    .from(collaborators)
    .where(
      or(
        sql`${collaborators.dpi} = any(${sql.param(dpis)}::text[])`,
        sql`${collaborators.code} = any(${sql.param(codes)}::text[])`,
      ),
    );
}

/** At most `limit` active collaborators, by code. */
export function activeCollaboratorsByCode(db: Executor, limit: number): Promise<CollaboratorRow[]> {
  return db
    .select()
    .from(collaborators)
    .where(eq(collaborators.active, true))
    .orderBy(asc(collaborators.code))
    .limit(limit);
}

/**
 * Inserts a collaborator; returns its id (23505 `collaborators_code_key` or `collaborators_dpi_key` on a code or a
 * DPI taken).
 */
export async function insertCollaborator(db: Executor, values: typeof collaborators.$inferInsert): Promise<string> {
  const [row] = await db.insert(collaborators).values(values).returning({ id: collaborators.id });
  return row!.id;
}

/** Updates a collaborator at `version` (409 `version_conflict` when stale, 404 when gone; 23505 on a key taken). */
export function updateCollaborator(
  db: Executor,
  id: string,
  version: number,
  values: Omit<Partial<typeof collaborators.$inferInsert>, 'version' | 'updatedAt'>,
) {
  return updateVersioned(db, collaborators, id, version, values);
}
