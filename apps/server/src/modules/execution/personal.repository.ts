import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { headquarters } from '../headquarters/headquarters.table.ts';
import { planningLines } from '../budget/planning/planning.table.ts';
import { payrollRows, payrollUploads, type PayrollUploadRow } from './personal.table.ts';

/** A planning line as the payroll file may name it: by id, or by expense type at a headquarter (and program). */
export interface PayrollLine {
  id: string;
  year: number;
  program: string;
  expenseType: string;
  headquarterId: string;
  headquarterCode: string;
  headquarterName: string;
  description: string;
}

const selectLines = (db: Executor, where: SQL) =>
  db
    .select({
      id: planningLines.id,
      year: planningLines.year,
      program: planningLines.program,
      expenseType: planningLines.expenseType,
      headquarterId: planningLines.headquarterId,
      headquarterCode: headquarters.code,
      headquarterName: headquarters.name,
      description: planningLines.description,
    })
    .from(planningLines)
    .innerJoin(headquarters, eq(headquarters.id, planningLines.headquarterId))
    .where(where)
    .orderBy(planningLines.program, planningLines.expenseType, headquarters.code, planningLines.id);

/** Every line of `years`, with its headquarter's code and name (a year's plan holds a few thousand at most). */
export function linesOfYears(db: Executor, years: number[]): Promise<PayrollLine[]> {
  if (!years.length) return Promise.resolve([]);
  return selectLines(db, inArray(planningLines.year, years));
}

/** Lines by id, whatever their year (a row may name a line of another year: said as such). */
export function linesById(db: Executor, ids: string[]): Promise<PayrollLine[]> {
  if (!ids.length) return Promise.resolve([]);
  return selectLines(db, inArray(planningLines.id, ids));
}

/** Headquarters' ids by upper-cased code. */
export async function headquarterIdsByCode(db: Executor, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ id: headquarters.id, code: headquarters.code })
    .from(headquarters)
    .where(inArray(sql`upper(${headquarters.code})`, codes));
  return new Map(rows.map((r) => [r.code.toUpperCase(), r.id]));
}

/** The month's active upload; with `lock`, its row locked until the transaction ends. */
export async function activeUpload(
  db: Executor,
  year: number,
  month: number,
  lock = false,
): Promise<PayrollUploadRow | null> {
  const query = db
    .select()
    .from(payrollUploads)
    .where(and(eq(payrollUploads.year, year), eq(payrollUploads.month, month), eq(payrollUploads.status, 'active')));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertUpload(db: Executor, row: typeof payrollUploads.$inferInsert) {
  await db.insert(payrollUploads).values(row);
}

/** Marks an upload replaced (before its replacement is written: the month's unique index holds one active). */
export async function markReplaced(db: Executor, id: string, at: Date) {
  await db.update(payrollUploads).set({ status: 'replaced', replacedAt: at }).where(eq(payrollUploads.id, id));
}

/** Names the upload that replaced `id`, once that one is written. */
export async function linkReplacement(db: Executor, id: string, byId: string) {
  await db.update(payrollUploads).set({ replacedById: byId }).where(eq(payrollUploads.id, id));
}

/** Rows written per insert. */
export const ROW_BATCH = 1000;

export async function insertRows(db: Executor, rows: (typeof payrollRows.$inferInsert)[]) {
  if (rows.length) await db.insert(payrollRows).values(rows);
}

/** What an upload executed per planning line and month (Q), to reverse it. */
export async function uploadCells(
  db: Executor,
  upload: { id: string; month: number },
): Promise<{ lineId: string; month: number; amount: string }[]> {
  const rows = await db
    .select({ lineId: payrollRows.lineId, amount: sql<string>`sum(${payrollRows.total})::text` })
    .from(payrollRows)
    .where(eq(payrollRows.uploadId, upload.id))
    .groupBy(payrollRows.lineId)
    .orderBy(payrollRows.lineId);
  return rows.map((r) => ({ lineId: r.lineId, month: upload.month, amount: r.amount }));
}

export interface UploadListRow extends PayrollUploadRow {
  executedByName: string;
  total: number;
}

/** The uploads, newest first, of one year or all, a page of them with how many there are. */
export async function listUploads(
  db: Executor,
  q: { year?: number; page: number; pageSize: number },
): Promise<{ items: UploadListRow[]; total: number }> {
  const result = await db.execute<{
    id: string;
    year: number;
    month: number;
    file_hash: string;
    rows: number;
    amount: string;
    status: string;
    executed_by: string;
    executed_at: string;
    replaced_at: string | null;
    replaced_by_id: string | null;
    executed_by_name: string;
    total: number;
  }>(sql`
    select p.id, p.year, p.month, p.file_hash, p.rows, p.amount::text as amount, p.status, p.executed_by,
           p.executed_at, p.replaced_at, p.replaced_by_id, u.full_name as executed_by_name,
           count(*) over ()::int as total
      from payroll_uploads p
      join users u on u.id = p.executed_by
     where ${q.year === undefined ? sql`true` : sql`p.year = ${q.year}`}
     order by p.executed_at desc, p.id
     limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  return {
    items: result.rows.map((r) => ({
      id: r.id,
      year: Number(r.year),
      month: Number(r.month),
      fileHash: r.file_hash,
      rows: Number(r.rows),
      amount: r.amount,
      status: r.status,
      executedBy: r.executed_by,
      executedAt: new Date(r.executed_at),
      replacedAt: r.replaced_at ? new Date(r.replaced_at) : null,
      replacedById: r.replaced_by_id,
      executedByName: r.executed_by_name,
      total: Number(r.total),
    })),
    total: Number(result.rows[0]?.total ?? 0),
  };
}
