import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { importUploads } from './import-uploads.table.ts';
import type { SheetRows } from './spreadsheet-import.ts';

/**
 * An import's upload kept between its preview and its execution, and the
 * guard against executing the same file twice (issue 25 section 7, decision
 * 0018). Kept in the database (`import_uploads`), so it survives a restart and
 * any server instance answers either step.
 *
 * - `keepUpload` (preview): the sheet as read, under an opaque random token
 *   bound to the uploader, for `UPLOAD_TTL_MS`; expired, never executed ones
 *   are swept on each call.
 * - `takeUpload` (execution, in its transaction): the kept sheet, locked; 404
 *   for an unknown token or another user's, 409 `import_expired` once expired
 *   or already executed (single use).
 * - `assertNotImported` (execution): 409 `import_already_done` when a file
 *   with the same SHA-256 was executed before for the same kind, unless
 *   confirmed.
 * - `recordExecution` (execution, same transaction): marks the token used (or
 *   records an execution from a direct upload) with the rows written.
 */

/** How long a preview's upload is kept (30 minutes). */
export const UPLOAD_TTL_MS = 30 * 60 * 1000;

/** SHA-256 of a file's bytes, hex. */
export const fileHash = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface KeptUpload {
  token: string;
  expiresAt: string;
}

/** Stores a previewed sheet for `userId`; returns its token and when it expires. Sweeps expired unexecuted ones. */
export async function keepUpload(
  db: Executor,
  input: { kind: string; userId: string; data: Buffer; format: 'xlsx' | 'xls'; rows: SheetRows },
  ttlMs = UPLOAD_TTL_MS,
  now = new Date(),
): Promise<KeptUpload> {
  await db.delete(importUploads).where(and(isNull(importUploads.executedAt), lt(importUploads.expiresAt, now)));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.insert(importUploads).values({
    token,
    kind: input.kind,
    userId: input.userId,
    fileHash: fileHash(input.data),
    format: input.format,
    rows: input.rows,
    expiresAt,
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

export interface TakenUpload {
  id: string;
  fileHash: string;
  format: 'xlsx' | 'xls';
  rows: SheetRows;
}

/**
 * The kept sheet of `token` for `userId` and `kind`, its row locked until the transaction ends (two executions of
 * one token: the second waits, then finds it used). Errors: 404 `not_found` (field `token`) for an unknown token,
 * another user's or another import's; 409 `import_expired` once expired or executed.
 */
export async function takeUpload(
  tx: Executor,
  input: { kind: string; userId: string; token: string },
  now = new Date(),
): Promise<TakenUpload> {
  const [row] = await tx.select().from(importUploads).where(eq(importUploads.token, input.token)).for('update');
  if (!row || row.userId !== input.userId || row.kind !== input.kind)
    throw new AppError(404, 'not_found', [{ field: 'token', code: 'unknown_code' }]);
  if (row.executedAt || !row.rows || row.expiresAt.getTime() <= now.getTime())
    throw new AppError(409, 'import_expired', [{ field: 'token', code: 'invalid' }]);
  return { id: row.id, fileHash: row.fileHash, format: row.format as 'xlsx' | 'xls', rows: row.rows };
}

/**
 * 409 `import_already_done` (field `file`, code `import_already_done`, params.at: ISO instant, params.date:
 * YYYY-MM-DD in Guatemala, params.by: the importer's full name) when a file with `hash` was executed before as
 * `kind`, unless `confirmed`. lib knows no module: the caller names the importer (`nameOf`, from the users
 * module's service; '' when it has no name).
 */
export async function assertNotImported(
  db: Executor,
  kind: string,
  hash: string,
  confirmed: boolean,
  nameOf: (userId: string) => Promise<string | null | undefined>,
) {
  if (confirmed) return;
  const [done] = await db
    .select({ at: importUploads.executedAt, userId: importUploads.userId })
    .from(importUploads)
    .where(and(eq(importUploads.kind, kind), eq(importUploads.fileHash, hash), isNotNull(importUploads.executedAt)))
    .orderBy(desc(importUploads.executedAt))
    .limit(1);
  if (done?.at)
    throw new AppError(409, 'import_already_done', [
      {
        field: 'file',
        code: 'import_already_done',
        params: { at: done.at.toISOString(), date: todayInGuatemala(done.at), by: (await nameOf(done.userId)) ?? '' },
      },
    ]);
}

/**
 * Records an execution of `written` rows: the kept upload `id` is used up (its sheet cleared), or, for a file sent
 * with the execution itself, a new executed row is written. Call it in the execution's transaction.
 */
export async function recordExecution(
  tx: Executor,
  input: { written: number } & (
    { id: string } | { kind: string; userId: string; data: Buffer; format: 'xlsx' | 'xls' }
  ),
) {
  const now = new Date();
  if ('id' in input) {
    await tx
      .update(importUploads)
      .set({ executedAt: now, executedRows: input.written, rows: null })
      .where(eq(importUploads.id, input.id));
    return;
  }
  await tx.insert(importUploads).values({
    token: randomBytes(32).toString('base64url'),
    kind: input.kind,
    userId: input.userId,
    fileHash: fileHash(input.data),
    format: input.format,
    expiresAt: now,
    executedAt: now,
    executedRows: input.written,
  });
}
