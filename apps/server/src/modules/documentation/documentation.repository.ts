import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ItemAge } from '@amparo/shared/validation';
import type { Executor } from '../../db/client.ts';
import { documentFiles, documents, persons, users } from '../../db/schema.ts';
import { untiedOrGranted } from '../../lib/access.ts';
import { createdWithin } from '../../lib/item-age.ts';
import { col } from '../../db/sql.ts';
import { matches, wordsText } from '../../lib/search.ts';
import { documentSearchVector } from './documentation.table.ts';

const personName = sql<
  string | null
>`(select ${col(persons.names)} || ' ' || ${col(persons.lastNames)} from ${persons} where ${col(persons.id)} = ${col(documents.personId)})`;
const fileCount = sql<number>`(select count(*)::int from ${documentFiles} where ${col(documentFiles.documentId)} = ${col(documents.id)} and ${col(documentFiles.current)})`;

/**
 * Documents the user may see: those tied to no person, and those tied to a
 * person the user holds a live grant on (and that is not deleted).
 */
export function visibleDocuments(userId: string): SQL {
  return untiedOrGranted(userId, documents.personId);
}

/**
 * The list's conditions: the documents `userId` may see (general ones and those of persons they hold a grant on),
 * matching the search words, type, person and age given (spec section 9, `lib/item-age.ts`).
 */
export function listWhere(
  userId: string,
  q: { q?: string | null; documentType?: string | null; personId?: string | null; age?: ItemAge | null },
): SQL {
  const filters: (SQL | undefined)[] = [visibleDocuments(userId)];
  if (q.q) filters.push(searchWhere(q.q));
  if (q.documentType) filters.push(eq(documents.documentType, q.documentType));
  if (q.personId) filters.push(eq(documents.personId, q.personId));
  if (q.age) filters.push(createdWithin(documents.createdAt, q.age));
  return and(...filters)!;
}

/** The documents of one person. */
export const ofPerson = (personId: string): SQL => eq(documents.personId, personId);

/** Marks a document as changed now by `userId` (a file added or replaced). */
export async function touchDocument(tx: Executor, id: string, userId: string | null): Promise<void> {
  await tx
    .update(documents)
    .set({ updatedAt: sql`now()`, updatedBy: userId })
    .where(eq(documents.id, id));
}

const SORTS = { documentDate: documents.documentDate, title: documents.title, updatedAt: documents.updatedAt } as const;

/**
 * A page of document summaries (person's name, file count) matching `where`, sorted by `sort`/`order` then id, and
 * the exact total: `{ items, total }`.
 */
export async function listDocuments(
  db: Executor,
  where: SQL,
  sort: keyof typeof SORTS,
  order: 'asc' | 'desc',
  page: number,
  pageSize: number,
) {
  const sortColumn = SORTS[sort];
  const items = await db
    .select({ document: documents, personName, fileCount })
    .from(documents)
    .where(where)
    .orderBy(
      order === 'asc' ? asc(sortColumn) : desc(sortColumn),
      order === 'asc' ? asc(documents.id) : desc(documents.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/**
 * `term`'s words in the title or description (word search: accents and case ignored, each word a prefix, all
 * required; `lib/search.ts`, issue 24 section 2), or `term` within a tag (case-insensitive, as before).
 */
export function searchWhere(term: string): SQL {
  const like = `%${term.replace(/[\\%_]/g, '\\$&')}%`;
  return sql`(${matches(documentSearchVector(documents), wordsText(term))} or array_to_string(${documents.tags}, ' ') ilike ${like})`;
}

/**
 * One document with its person's name and file count, or null.
 */
export async function findDocument(db: Executor, id: string) {
  const rows = await db
    .select({ document: documents, personName, fileCount })
    .from(documents)
    .where(eq(documents.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The document's files (every revision) with the uploader's name, oldest first.
 */
export function filesOf(db: Executor, documentId: string) {
  return db
    .select({ file: documentFiles, uploadedByName: users.fullName })
    .from(documentFiles)
    .leftJoin(users, eq(users.id, documentFiles.uploadedBy))
    .where(eq(documentFiles.documentId, documentId))
    .orderBy(asc(documentFiles.uploadedAt), asc(documentFiles.revision));
}

/**
 * One document file by id, or null.
 */
export async function findFile(db: Executor, fileId: string) {
  const rows = await db.select().from(documentFiles).where(eq(documentFiles.id, fileId)).limit(1);
  return rows[0] ?? null;
}

/**
 * Inserts a document; returns its id.
 */
export async function insertDocument(db: Executor, values: typeof documents.$inferInsert) {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
  return row!.id;
}

/**
 * Inserts a document file row (its bytes are already committed to the store); returns its id.
 */
export async function insertFile(db: Executor, values: typeof documentFiles.$inferInsert) {
  const [row] = await db.insert(documentFiles).values(values).returning({ id: documentFiles.id });
  return row!.id;
}

/**
 * Marks a file no longer current (a new revision replaced it).
 */
export async function retireFile(db: Executor, fileId: string) {
  await db.update(documentFiles).set({ current: false }).where(eq(documentFiles.id, fileId));
}

/** A file and every earlier revision it replaced (following `replaces_id`), with their stored keys. */
export async function revisionChain(
  db: Executor,
  fileId: string,
): Promise<{ id: string; storageKey: string; previewKey: string | null }[]> {
  const result = await db.execute<{ id: string; storage_key: string; preview_key: string | null }>(sql`
    with recursive chain as (
      select id, storage_key, preview_key, replaces_id from ${documentFiles} where id = ${fileId}
      union all
      select f.id, f.storage_key, f.preview_key, f.replaces_id
      from ${documentFiles} f join chain c on f.id = c.replaces_id
    ) select id, storage_key, preview_key from chain`);
  return result.rows.map((r) => ({ id: r.id, storageKey: r.storage_key, previewKey: r.preview_key }));
}

/**
 * Deletes document file rows by id (their bytes are collected once no row refers to them).
 */
export async function deleteFiles(db: Executor, ids: string[]) {
  if (ids.length) await db.delete(documentFiles).where(inArray(documentFiles.id, ids));
}

/**
 * The storage keys of every file of a document and of their previews (to collect after deleting it).
 */
export async function storageKeysOf(db: Executor, documentId: string) {
  return (
    await db
      .select({ key: documentFiles.storageKey, preview: documentFiles.previewKey })
      .from(documentFiles)
      .where(eq(documentFiles.documentId, documentId))
  ).flatMap((r) => (r.preview ? [r.key, r.preview] : [r.key]));
}

/**
 * Deletes a document (its file rows go by cascade).
 */
export async function deleteDocument(db: Executor, id: string) {
  await db.delete(documents).where(eq(documents.id, id));
}
