import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  PayrollPreview,
  PayrollResult,
  PayrollUpload,
  payrollExecuteInput,
  payrollUploadsQuery,
} from '@amparo/shared/modules/execution-personal.schema';
import { money, moneyString, sumMoney, type Money } from '@amparo/shared/money';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { writeAudit } from '../../lib/audit.ts';
import { disposition, type Content } from '../../lib/content.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import { fieldErrorText } from '../../lib/locale-text.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  assertImportable,
  errorWorkbook,
  previewImport,
  SPREADSHEET_MIME,
  templateWorkbook,
  type ImportPreview,
  type ReadOptions,
  type ReferenceSheet,
  type SpreadsheetReader,
} from '../../lib/spreadsheet-import/spreadsheet-import.ts';
import { fileHash, keepUpload, recordExecution, takeUpload } from '../../lib/spreadsheet-import/import-uploads.ts';
import type { UploadSource } from '../../lib/uploads.ts';
import { execute, type SpendCell } from '../budget/spending/spending.ts';
import { collaboratorSamples } from '../talent/collaborators.service.ts';
import { userNames } from '../users/users.service.ts';
import * as repo from './personal.repository.ts';
import type { PayrollUploadRow } from './personal.table.ts';
import { monthText, payrollDefinition, type PayrollRow } from './personal.rows.ts';

/**
 * Personnel execution (issue 27 section 4, decision 0032): the month's payroll xls, previewed (every row checked,
 * nothing written), then executed against the plan's lines through the budget's `execute` call, all rows or
 * none, in one transaction. The preview keeps the sheet under a token (`import-uploads.ts`) that the execution
 * takes instead of the file.
 */

const FIELD = 'file';
/** The import's kind in `import_uploads`. */
const KIND = 'payroll';
/** The ledger rows' source: the upload. */
const SOURCE = 'payroll_upload';
/** An .xls only (by content), of up to 20,000 rows: a payroll of 10,000 people fits twice. */
export const PAYROLL_READ: ReadOptions = { only: 'xls', maxRows: 20_000 };
/** Rows in error the preview answers (all of them are in the error file). */
export const ERRORS_SHOWN = 1000;
/** Rows written between two progress reports. */
const PROGRESS_BATCH = repo.ROW_BATCH;

/** The file's month (the first valid row's), the valid rows' sum per line and in all (Q). */
async function summary(db: Executor, preview: ImportPreview<PayrollRow>) {
  const valid = preview.rows.flatMap((r) => (r.value ? [r.value] : []));
  // Appended in place: a payroll of 10,000 rows on one line must not copy its list once a row.
  const perLine = new Map<string, PayrollRow[]>();
  for (const v of valid) {
    const rows = perLine.get(v.lineId);
    if (rows) rows.push(v);
    else perLine.set(v.lineId, [v]);
  }
  const described = new Map((await repo.linesById(db, [...perLine.keys()])).map((l) => [l.id, l]));
  const lines = [...perLine].map(([lineId, rows]) => {
    const l = described.get(lineId)!;
    return {
      lineId,
      description: l.description,
      program: l.program,
      expenseType: l.expenseType,
      headquarterName: l.headquarterName,
      rows: rows.length,
      amount: moneyString(sumMoney(rows.map((r) => r.total))),
    };
  });
  lines.sort((a, b) => a.program.localeCompare(b.program) || a.expenseType.localeCompare(b.expenseType));
  return {
    month: valid[0]?.month ?? null,
    total: moneyString(sumMoney(valid.map((v) => v.total))),
    lines,
  };
}

/** The month's active upload as the preview and the refusal name it. */
async function existingOf(db: Executor, upload: PayrollUploadRow | null, hash: string) {
  if (!upload) return null;
  const by = (await userNames(db, [upload.executedBy])).get(upload.executedBy) ?? '';
  return {
    uploadId: upload.id,
    at: upload.executedAt.toISOString(),
    date: todayInGuatemala(upload.executedAt),
    by,
    sameFile: upload.fileHash === hash,
    amount: upload.amount,
  };
}

/**
 * Checks every row of an uploaded payroll xls and writes nothing (issue 27 section 4). Returns the counts of rows,
 * valid and invalid ones, the file's month, the valid rows' total and their sum per planning line (Q), the month's
 * active upload when there is one (`existing`: executing needs `replace`), the rows in error with their cells and
 * errors (the first 1,000; see `personal.rows.ts`; the error file has them all), and the token of the kept sheet
 * for `executePayroll`.
 *
 * Errors on field `file`: 503 `busy_try_later`; 413 `file_too_large`; 400 `required`, `spreadsheet_not_xls`
 * (anything but an .xls by its content: "the file cannot be executed"), `spreadsheet_read_only`,
 * `spreadsheet_password`, the compound file's refusals, `spreadsheet_unreadable`, `spreadsheet_too_complex`,
 * `too_many_rows` (over 20,000), `too_many_columns`, `columns_missing` (params.columns).
 */
export async function previewPayroll(
  db: Db,
  spreadsheets: SpreadsheetReader,
  actor: UserActor,
  upload: UploadSource,
): Promise<PayrollPreview> {
  const file = await spreadsheets.readFile(upload, FIELD, PAYROLL_READ);
  const preview = await previewImport(payrollDefinition(db), file.rows, FIELD);
  const sums = await summary(db, preview);
  const existing = sums.month ? await repo.activeUpload(db, sums.month.year, sums.month.month) : null;
  const kept = await keepUpload(db, { kind: KIND, userId: actor.userId, ...file });
  return {
    ...kept,
    rows: preview.rows.length,
    valid: preview.valid,
    invalid: preview.invalid,
    ...sums,
    existing: await existingOf(db, existing, fileHash(file.data)),
    // The rows in error only (the first ERRORS_SHOWN): a payroll of 10,000 good rows needs none of them back.
    items: preview.rows
      .filter((r) => r.errors.length)
      .slice(0, ERRORS_SHOWN)
      .map((r) => ({ line: r.line, values: r.values, errors: r.errors })),
  };
}

/**
 * The uploaded xls back as an .xls, its rows as read with a last column ('Errores' / 'Errors') giving each row's
 * errors as sentences in `lang`, to fix and upload again. Same errors as the preview.
 */
export async function payrollErrorFile(
  db: Db,
  spreadsheets: SpreadsheetReader,
  upload: UploadSource,
  lang: 'es' | 'en',
): Promise<Content> {
  const file = await spreadsheets.readFile(upload, FIELD, PAYROLL_READ);
  const definition = payrollDefinition(db);
  const preview = await previewImport(definition, file.rows, FIELD);
  const body = await errorWorkbook(definition, preview, lang, (e) => fieldErrorText(lang, e), 'xls');
  return {
    mime: SPREADSHEET_MIME.xls,
    headers: {
      'content-disposition': disposition('attachment', lang === 'es' ? 'planilla-errores.xls' : 'payroll-errors.xls'),
      'content-length': body.length,
      'cache-control': 'no-store',
    },
    body,
  };
}

/** The refusal of a month that already has an active upload. */
const monthDone = (
  existing: NonNullable<Awaited<ReturnType<typeof existingOf>>> | null,
  m: { year: number; month: number },
) =>
  new AppError(409, 'payroll_month_done', [
    {
      field: 'replace',
      code: 'payroll_month_done',
      params: { year: m.year, month: m.month, ...(existing ?? {}) },
    },
  ]);

/**
 * Executes the payroll of a preview's token (issue 27 section 4), in one transaction: the sheet is checked again
 * inside it (the registry or the plan may have changed) and, with any row in error, nothing is written (400
 * `import_has_errors`, params.count). Then, when the month already has an active upload: without `replace` 409
 * `payroll_month_done` (params year, month, uploadId, at, date, by, sameFile, amount: the same file, by its
 * SHA-256, or another); with it, that upload's execution is reversed (a negative `execute` of what it executed
 * on each line) and it is marked replaced. The upload and its rows are written, and the rows' totals summed per
 * planning line are executed for the month (`execute`, source `payroll_upload`: no commitment of its own, so
 * each amount is drawn anew under the availability control: 409 `budget_warning` until `confirmWarning`, 409
 * `budget_stop` unless `overrideReason` from a holder of `asignacion_liberacion`, field errors naming
 * `lines.<lineId>` with params available, excess, itemId). A parallel execution of the same month: one wins,
 * the other gets `payroll_month_done` (the partial unique index). One audit entry (`execute`, entity
 * `payroll_upload`: month, rows, amount, replaced upload).
 *
 * Errors: 404 `not_found` / 409 `import_expired` for the token (unknown, another user's, expired or used);
 * `import_has_errors`; `payroll_month_done`; the budget's refusals. `onProgress` (the NDJSON stream) is called
 * with (0, rows) once every check passed, then after each batch of rows written.
 */
export async function executePayroll(
  db: Db,
  actor: UserActor,
  input: z.output<typeof payrollExecuteInput>,
  onProgress?: (done: number, total: number) => void | Promise<void>,
): Promise<PayrollResult> {
  return inTransaction(db, async (tx) => {
    const taken = await takeUpload(tx, { kind: KIND, userId: actor.userId, token: input.token });
    const preview = await previewImport(payrollDefinition(tx), taken.rows, FIELD);
    const rows = assertImportable(preview, FIELD);
    const m = rows[0]!.month;
    const existing = await repo.activeUpload(tx, m.year, m.month, true);
    if (existing && !input.replace) throw monthDone(await existingOf(tx, existing, taken.fileHash), m);
    const id = randomUUID();
    const now = new Date();
    if (existing) {
      const back = await repo.uploadCells(tx, existing);
      const cells = back.filter((c) => !money(c.amount).isZero()).map((c) => ({ ...c, amount: `-${c.amount}` }));
      if (cells.length) await execute(tx, actor, { type: SOURCE, id: existing.id }, cells);
      await repo.markReplaced(tx, existing.id, now);
    }
    const amount = moneyString(sumMoney(rows.map((r) => r.total)));
    try {
      await repo.insertUpload(tx, {
        id,
        year: m.year,
        month: m.month,
        fileHash: taken.fileHash,
        rows: rows.length,
        amount,
        executedBy: actor.userId,
        executedAt: now,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'payroll_uploads_active_month_key')) throw monthDone(null, m);
      throw err;
    }
    if (existing) await repo.linkReplacement(tx, existing.id, id);
    // The budget first: its refusals (the control) come before the NDJSON stream begins.
    await executeLines(tx, actor, id, m.month, rows, input);
    await onProgress?.(0, rows.length);
    for (let i = 0; i < rows.length; i += PROGRESS_BATCH) {
      await repo.insertRows(
        tx,
        rows.slice(i, i + PROGRESS_BATCH).map((r, j) => ({
          uploadId: id,
          fileLine: preview.rows[i + j]!.line,
          collaboratorId: r.collaboratorId,
          lineId: r.lineId,
          salary: r.salary,
          bonus: r.bonus,
          igssEmployer: r.igssEmployer,
          benefits: r.benefits,
          isrWithheld: r.isrWithheld,
          total: r.total,
        })),
      );
      await onProgress?.(Math.min(rows.length, i + PROGRESS_BATCH), rows.length);
    }
    await recordExecution(tx, { id: taken.id, written: rows.length });
    await writeAudit(tx, actor, {
      action: 'execute',
      entity: 'payroll_upload',
      entityId: id,
      changes: {
        payroll: {
          before: existing ? { uploadId: existing.id, amount: existing.amount } : null,
          after: { month: monthText(m), rows: rows.length, amount },
        },
      },
    });
    return { uploadId: id, written: rows.length, total: rows.length, amount, replacedId: existing?.id ?? null };
  });
}

/** The rows' totals summed per line, executed for the month; the control's field errors renamed to the lines. */
async function executeLines(
  tx: Executor,
  actor: UserActor,
  uploadId: string,
  month: number,
  rows: PayrollRow[],
  input: { confirmWarning: boolean; overrideReason?: string },
) {
  const perLine = new Map<string, Money>();
  for (const r of rows) perLine.set(r.lineId, (perLine.get(r.lineId) ?? money(0)).plus(r.total));
  const cells: SpendCell[] = [...perLine]
    .map(([lineId, total]) => ({ lineId, month, amount: moneyString(total) }))
    .filter((c) => !money(c.amount).isZero())
    .sort((a, b) => a.lineId.localeCompare(b.lineId));
  if (!cells.length) return;
  try {
    await execute(tx, actor, { type: SOURCE, id: uploadId }, cells, {
      confirmWarning: input.confirmWarning,
      override: input.overrideReason ? { reason: input.overrideReason } : null,
    });
  } catch (err) {
    if (!(err instanceof AppError) || !err.fieldErrors.length) throw err;
    const renamed = err.fieldErrors.map((e) => {
      const index = /^cells\.(\d+)\./.exec(e.field)?.[1];
      const cell = index === undefined ? undefined : cells[Number(index)];
      return cell ? { ...e, field: `lines.${cell.lineId}`, params: { ...e.params, lineId: cell.lineId } } : e;
    });
    throw new AppError(err.status, err.code, renamed, err.headers);
  }
}

/**
 * The payroll template (.xls, the only format the upload takes): the 11 columns with their headers in `lang` and an
 * example row (an active collaborator's code, this month, an expense type of this year's plan), then a sheet of
 * this year's planning lines (id, program, expense type, headquarter, description) and one of active
 * collaborators (code, name; never their DPI).
 */
export async function payrollTemplate(db: Db, lang: 'es' | 'en'): Promise<Content> {
  const today = todayInGuatemala();
  const year = Number(today.slice(0, 4));
  const [lines, people] = await Promise.all([repo.linesOfYears(db, [year]), collaboratorSamples(db, 500)]);
  const T =
    lang === 'es'
      ? {
          lines: `Líneas ${year}`,
          people: 'Colaboradores',
          id: 'Id',
          program: 'Programa',
          type: 'Tipo de gasto',
          hq: 'Sede',
          description: 'Descripción',
          code: 'Código',
          name: 'Nombre',
        }
      : {
          lines: `Lines ${year}`,
          people: 'Collaborators',
          id: 'Id',
          program: 'Program',
          type: 'Expense type',
          hq: 'Headquarter',
          description: 'Description',
          code: 'Code',
          name: 'Name',
        };
  const reference: ReferenceSheet[] = [
    {
      name: T.lines,
      columns: [
        { header: T.id, key: 'id', width: 38 },
        { header: T.program, key: 'program', width: 14 },
        { header: T.type, key: 'type', width: 16 },
        { header: T.hq, key: 'hq', width: 12 },
        { header: T.description, key: 'description', width: 50 },
      ],
      rows: lines.map((l) => ({
        id: l.id,
        program: l.program,
        type: l.expenseType,
        hq: l.headquarterCode,
        description: l.description,
      })),
    },
    {
      name: T.people,
      columns: [
        { header: T.code, key: 'code', width: 16 },
        { header: T.name, key: 'name', width: 40 },
      ],
      rows: people.map((p) => ({ code: p.code, name: p.fullName })),
    },
  ];
  const example: Record<string, string> = { month: today.slice(0, 7) };
  if (people[0]) example.collaborator = people[0].code;
  if (lines[0]) example.line = lines[0].expenseType;
  const body = await templateWorkbook(payrollDefinition(db), lang, reference, example, 'xls');
  return {
    mime: SPREADSHEET_MIME.xls,
    headers: {
      'content-disposition': disposition(
        'attachment',
        lang === 'es' ? 'planilla-plantilla.xls' : 'payroll-template.xls',
      ),
      'content-length': body.length,
      'cache-control': 'no-store',
    },
    body,
  };
}

/** The uploads executed, newest first (a page, with the count): month, rows, amount (Q), status, who and when. */
export async function listPayrollUploads(db: Db, q: z.output<typeof payrollUploadsQuery>) {
  const { items, total } = await repo.listUploads(db, q);
  return {
    items: items.map((u): PayrollUpload => ({
      id: u.id,
      year: u.year,
      month: u.month,
      rows: u.rows,
      amount: u.amount,
      status: u.status as PayrollUpload['status'],
      executedAt: u.executedAt.toISOString(),
      executedByName: u.executedByName,
      replacedAt: u.replacedAt?.toISOString() ?? null,
      fileHash: u.fileHash.slice(0, 12),
    })),
    page: q.page,
    pageSize: q.pageSize,
    total,
    totalCapped: false,
  };
}
