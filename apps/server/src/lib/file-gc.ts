import { getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from '../db/client.ts';
import type { FileStore, StagedFile } from './storage.ts';
import { extensionPoint } from './extension-points.ts';

/**
 * Collection of stored files (issue 9 item 4, decision 0006). The store is
 * content-addressed and shared (documents, activity and person photos), so the
 * bytes one deletion frees may at that moment be uploaded again for another
 * record. Upload and collection therefore take the same transaction-scoped
 * advisory lock per content key:
 *  - upload: lock, move the staged file into place, insert the referring row,
 *    commit (`commitStaged`, inside the inserting transaction);
 *  - collection: lock, count references in every registered column, remove
 *    the unreferenced files, commit (`removeUnreferenced`).
 * Either the upload's row is committed before collection counts (the file
 * stays), or the file is removed before the upload moves its copy into place.
 */

const columnName = (c: PgColumn) => `${getTableName(c.table)}.${c.name}`;

/**
 * The columns that hold file store keys (architecture rule 6b): each module contributes its own in its manifest,
 * so collection never deletes a file in use (issue 25 section 4).
 */
export const fileReferencesPoint = extensionPoint<PgColumn>('file-references', { key: columnName });

let references: readonly PgColumn[] = [];

/**
 * The columns collection counts, set by `app.ts` from the manifests' contributions before the app serves (one
 * set per process: every app of a process has the same modules). Until then collection refuses to run.
 */
export function useFileReferences(columns: readonly PgColumn[]) {
  references = [...columns];
}

/** The registered columns, as `table.column` names (for the guard test). */
export function fileReferenceNames(): string[] {
  return references.map(columnName);
}

/** Advisory locks in the two-int form: this namespace, then 32 bits of the key (a SHA-256, so already uniform). */
const LOCK_NAMESPACE = 0x46494c45; // 'FILE'

/**
 * Takes the transaction-scoped lock of each key, in one order (so two holders
 * of several keys never deadlock). Two keys sharing 32 bits only wait for each
 * other, which is harmless.
 */
export async function lockFileKeys(tx: Executor, keys: string[]) {
  const ids = [...new Set(keys.filter(Boolean).map((k) => Number.parseInt(k.slice(0, 8), 16) | 0))].sort(
    (a, b) => a - b,
  );
  for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${id}::int)`);
}

/**
 * Moves staged uploads into place; call it inside the transaction that inserts
 * the rows referring to them, before that insert. Holding the keys' locks
 * until commit keeps a concurrent collection from removing them in between.
 */
export async function commitStaged(tx: Tx, files: StagedFile[]) {
  await lockFileKeys(
    tx,
    files.map((f) => f.key),
  );
  for (const file of files) await file.commit();
}

/**
 * Cleans up after an upload whose transaction failed: staged files are
 * dropped, and files already moved into place are collected if nothing else
 * refers to them.
 */
export async function abandonStaged(db: Db, store: FileStore, files: (StagedFile | null | undefined)[]) {
  const present = files.filter((f): f is StagedFile => !!f);
  for (const file of present) await file.discard();
  await removeUnreferenced(
    db,
    store,
    present.filter((f) => f.committed).map((f) => f.key),
  );
}

/**
 * Removes from the store the given keys that no registered column refers to.
 * Callers run it after the transaction deleting the rows has committed; it
 * runs in a transaction of its own holding the keys' locks, so an upload of
 * the same bytes either committed its row before the count or moves its file
 * into place after the removal.
 */
export async function removeUnreferenced(db: Db, store: FileStore, keys: string[]): Promise<number> {
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length === 0) return 0;
  return db.transaction(async (tx) => {
    await lockFileKeys(tx, unique);
    const used = await referenced(tx, unique);
    const unused = unique.filter((key) => !used.has(key));
    for (const key of unused) await store.remove(key);
    return unused.length;
  });
}

/** Which of `keys` some registered column holds. */
async function referenced(db: Executor, keys: string[]): Promise<Set<string>> {
  if (references.length === 0) throw new Error('no file references registered: refusing to collect');
  const used = new Set<string>();
  for (const column of references) {
    const rows = await db.select({ key: column }).from(column.table).where(inArray(column, keys));
    for (const r of rows) used.add(r.key as string);
  }
  return used;
}

/**
 * Removes every stored file no row refers to: the bytes a crash left between
 * a deletion's commit and its collection, or between an upload's move into
 * place and a commit that never came. Run at start-up, in the background. Safe
 * beside live uploads of any instance: candidates go through
 * `removeUnreferenced`, which counts again under each key's lock. Returns how
 * many files went.
 */
export async function collectOrphans(db: Db, store: FileStore, batchSize = 500): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const used = await referenced(db, batch);
    removed += await removeUnreferenced(
      db,
      store,
      batch.filter((key) => !used.has(key)),
    );
    batch = [];
  };
  for await (const key of store.keys()) {
    batch.push(key);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  return removed;
}
