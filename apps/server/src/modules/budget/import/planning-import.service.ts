import { z } from 'zod';
import {
  PLANNING_IMPORT_COLUMNS,
  type PlanningImportPreview,
  type PlanningImportResult,
} from '@amparo/shared/modules/budget-import.schema';
import { goalQuantity, MONTHS, PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.schema';
import { moneyAmount, moneyString, sumMoney } from '@amparo/shared/money';
import { todayInGuatemala } from '@amparo/shared/format';
import { catalogCode, text } from '@amparo/shared/validation';
import type { FieldError } from '@amparo/shared/errors';
import type { Db, Executor } from '../../../db/client.ts';
import { inTransaction } from '../../../lib/transaction.ts';
import type { UserActor } from '../../../lib/actor.ts';
import { disposition, type Content } from '../../../lib/content.ts';
import { fieldErrorText } from '../../../lib/locale-text.ts';
import {
  assertImportable,
  errorWorkbook,
  previewImport,
  SPREADSHEET_MIME,
  templateWorkbook,
  type ImportDefinition,
  type ImportPreview,
  type PreviewRow,
  type ReferenceSheet,
  type SheetRows,
  type SpreadsheetFormat,
  type SpreadsheetReader,
} from '../../../lib/spreadsheet-import/spreadsheet-import.ts';
import {
  assertNotImported,
  fileHash,
  keepUpload,
  recordExecution,
  takeUpload,
} from '../../../lib/spreadsheet-import/import-uploads.ts';
import type { UploadSource } from '../../../lib/uploads.ts';
import * as catalogs from '../../catalogs/catalogs.service.ts';
import * as headquartersService from '../../headquarters/headquarters.service.ts';
import { userNames } from '../../users/users.service.ts';
import * as planning from '../planning/planning.service.ts';
import { lockedYears } from '../plan/plan.service.ts';

/**
 * The POA's import from a spreadsheet (issue 13 section 3; decision 0018):
 * the staff's Excel file (.xlsx, or an old .xls) becomes planning lines, all
 * of them or none. One row is one line: its classification by catalog codes,
 * its responsible and planner by username or e-mail, its headquarter by code,
 * its 12 monthly amounts (Q) and goals, and a total that must equal the sum
 * of the amounts (the columns: `PLANNING_IMPORT_COLUMNS` in the shared
 * contract). Every row is checked as the planning form's line is
 * (`planning.lineProblems`). The preview keeps the sheet as read under a
 * token (`import-uploads.ts`, issue 25 section 7) that the import takes
 * instead of the file; the import also still takes the file itself.
 */

const FIELD = 'file';
const XLSX = SPREADSHEET_MIME.xlsx;
/** The import's kind in `import_uploads`. */
const KIND = 'planning';

/** A catalog code as typed in a cell: upper-cased ('ej1' is EJ1). */
const code = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), catalogCode);
/** A year as digits (a cell typed as a number reads '2027'). */
const year = z
  .string()
  .trim()
  .min(1, 'required')
  .regex(/^\d{1,9}$/, 'not_a_number')
  .transform(Number)
  .pipe(z.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX));
/** A username or e-mail, compared in lower case. */
const login = text(254).transform((v) => v.toLowerCase());
/** A headquarter's code (unique, upper case). */
const headquarter = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string()
    .min(1, 'required')
    .max(20, 'length:1:20')
    .regex(/^[A-Z0-9_-]+$/, 'invalid'),
);
/**
 * An INE municipality code, or blank. A cell typed as a number loses its
 * leading zero (0101 reads '101'): three digits get it back.
 */
const municipality = z
  .preprocess((v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    return s === '' ? null : /^\d{3}$/.test(s) ? `0${s}` : s;
  }, catalogCode.nullable())
  .transform((v) => v ?? null);
/** A month's cell: blank is 0. */
const blankIsZero = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? '0' : v), schema);

const monthShape = (prefix: 'amount' | 'goal', schema: z.ZodType<string>) =>
  Object.fromEntries(MONTHS.map((m) => [`${prefix}${m}`, blankIsZero(schema)])) as Record<string, z.ZodType<string>>;

/** One row of the file as a line to create; `input` is filled by the check (users and headquarter resolved to ids). */
export interface ImportRow {
  year: number;
  strategicAxis: string;
  program: string;
  expenseType: string;
  description: string;
  goalUnit: string;
  responsible: string;
  planner: string;
  headquarter: string;
  municipality: string | null;
  months: { month: number; amount: string; goal: string }[];
  total: string;
  input: planning.Input | null;
}

const rowShape = {
  year,
  strategicAxis: code,
  program: code,
  expenseType: code,
  description: text(1000),
  goalUnit: text(60),
  responsible: login,
  planner: login,
  headquarter,
  municipality,
  ...monthShape('amount', moneyAmount()),
  ...monthShape('goal', goalQuantity),
  total: moneyAmount(),
};
const rowSchema = z.object(rowShape).transform((r): ImportRow => {
  const cells = r as unknown as Record<string, string>;
  return {
    year: r.year,
    strategicAxis: r.strategicAxis,
    program: r.program,
    expenseType: r.expenseType,
    description: r.description,
    goalUnit: r.goalUnit,
    responsible: r.responsible,
    planner: r.planner,
    headquarter: r.headquarter,
    municipality: r.municipality,
    months: MONTHS.map((m) => ({ month: m, amount: cells[`amount${m}`]!, goal: cells[`goal${m}`]! })),
    total: r.total,
    input: null,
  };
});

/** The column a line's field error belongs to. */
const COLUMN_OF: Record<string, string> = {
  responsibleId: 'responsible',
  plannerId: 'planner',
  headquarterId: 'headquarter',
};
const COLUMN_ORDER = new Map(PLANNING_IMPORT_COLUMNS.map((c, i) => [c.key, i]));

/**
 * What a row the schema refused still says: each cell parsed on its own, a cell in error left out (`undefined`),
 * so the references of its good cells are checked in the same preview (issue 24 section 6 item 5).
 */
function partialRow(values: Record<string, string | null>): Partial<Record<keyof typeof rowShape, unknown>> {
  const out: Partial<Record<keyof typeof rowShape, unknown>> = {};
  for (const [key, schema] of Object.entries(rowShape) as [keyof typeof rowShape, z.ZodType][]) {
    const parsed = schema.safeParse(values[key] ?? null);
    if (parsed.success) out[key] = parsed.data;
  }
  return out;
}

/** A row as far as it parsed: the schema's value, or its good cells ('' or 0 where a cell is in error). */
function rowAsFarAsParsed(r: PreviewRow<ImportRow>): ImportRow {
  if (r.value) return r.value;
  const p = partialRow(r.values);
  const str = (k: keyof typeof rowShape) => (typeof p[k] === 'string' ? (p[k] as string) : '');
  return {
    year: typeof p.year === 'number' ? p.year : 0,
    strategicAxis: str('strategicAxis'),
    program: str('program'),
    expenseType: str('expenseType'),
    description: str('description'),
    goalUnit: str('goalUnit'),
    responsible: str('responsible'),
    planner: str('planner'),
    headquarter: str('headquarter'),
    municipality: (p.municipality as string | null | undefined) ?? null,
    months: MONTHS.map((m) => ({
      month: m,
      amount: (p[`amount${m}` as keyof typeof rowShape] as string | undefined) ?? '0',
      goal: (p[`goal${m}` as keyof typeof rowShape] as string | undefined) ?? '0',
    })),
    total: str('total') || '0',
    input: null,
  };
}

/**
 * After the schema, every row, the refused ones with the cells they have (so one preview gives every error of
 * every row): the total equals the sum of the 12 amounts (`total_mismatch`, params.sum: the sum, Q; unless an
 * amount or the total is itself in error), the line's own checks as the form's (`planning.lineProblems`: codes
 * unknown or inactive, a program under another axis, users and headquarter unknown or inactive, an unknown
 * municipality; none on a cell already in error), their errors moved to the file's columns, and the year's plan
 * is a draft (`plan_locked` on `year`, params year and status: a submitted, approved or closed year takes no
 * new line until it is returned or a revision is opened).
 */
async function checkRows(db: Executor, rows: PreviewRow<ImportRow>[]) {
  if (rows.length === 0) return;
  const read = rows.map(rowAsFarAsParsed);
  const rules = await planning.lineRules(db, { logins: read.flatMap((v) => [v.responsible, v.planner]) });
  const locked = await lockedYears(db, [...new Set(read.map((v) => v.year).filter((y) => y > 0))]);
  rows.forEach((r, i) => {
    const v = read[i]!;
    const inError = new Set(r.errors.map((e) => e.field));
    const monthsOk = MONTHS.every((m) => !inError.has(`amount${m}`)) && !inError.has('total');
    const sum = sumMoney(v.months.map((m) => m.amount));
    if (monthsOk && !sum.equals(v.total))
      r.errors.push({ field: 'total', code: 'total_mismatch', params: { sum: moneyString(sum) } });
    const input: planning.Input = {
      year: v.year,
      strategicAxis: v.strategicAxis,
      program: v.program,
      expenseType: v.expenseType,
      description: v.description,
      goalUnit: v.goalUnit,
      // Unknown ones stay '': lineProblems answers unknown_code for them.
      responsibleId: rules.users.get(v.responsible)?.id ?? '',
      plannerId: rules.users.get(v.planner)?.id ?? '',
      headquarterId: rules.headquarterCodes.get(v.headquarter) ?? '',
      municipality: v.municipality,
      months: v.months,
    };
    for (const e of planning.lineProblems(rules, input, null)) {
      const field = COLUMN_OF[e.field] ?? e.field;
      // A cell in error is said once; a program is not judged against an axis in error.
      if (inError.has(field) || (e.code === 'program_not_in_axis' && inError.has('strategicAxis'))) continue;
      r.errors.push({ ...e, field });
    }
    const status = locked.get(v.year);
    if (status && !inError.has('year'))
      r.errors.push({ field: 'year', code: 'plan_locked', params: { year: String(v.year), status } });
    r.errors.sort((a, b) => (COLUMN_ORDER.get(a.field) ?? 99) - (COLUMN_ORDER.get(b.field) ?? 99));
    if (r.value) v.input = input;
  });
}

/** The import's definition, its checks reading `db` (the import's transaction when writing). */
const definition = (db: Executor): ImportDefinition<ImportRow> => ({
  columns: PLANNING_IMPORT_COLUMNS,
  row: rowSchema,
  check: (rows) => checkRows(db, rows),
  checkAll: true,
});

/** The month totals and the year's (Q) over the valid rows. */
function totalsOf(preview: ImportPreview<ImportRow>) {
  const valid = preview.rows.filter((r) => r.value);
  const months = MONTHS.map((m) => moneyString(sumMoney(valid.map((r) => r.value!.months[m - 1]!.amount))));
  return { months, total: moneyString(sumMoney(months)) };
}

/**
 * Checks every row of an uploaded POA file and writes nothing (issue 13
 * section 3). Returns the counts of rows, valid and invalid ones, the
 * monthly and yearly totals of the valid rows (Q), and every row with its
 * cells as read (by column key) and its errors per cell (field = column key;
 * the codes of the form, plus `total_mismatch` with params.sum).
 *
 * The file is read through `spreadsheets` (the instance's reader: its limits
 * and its one-parse-at-a-time queue). Errors: 503 `busy_try_later` with
 * Retry-After when the queue is full; on field `file`: 413 `file_too_large`;
 * 400 `required` (no file, or a sheet without rows), `spreadsheet_type`,
 * `spreadsheet_too_many_entries`, `spreadsheet_too_large_unpacked`,
 * `spreadsheet_compression_ratio`, `spreadsheet_size_mismatch` (the zip's
 * checks), `spreadsheet_unreadable`, `spreadsheet_too_complex`,
 * `too_many_rows`, `too_many_columns`, `columns_missing` (params.columns).
 */
export async function previewPlanningImport(
  db: Db,
  spreadsheets: SpreadsheetReader,
  actor: UserActor,
  upload: UploadSource,
): Promise<PlanningImportPreview> {
  const file = await spreadsheets.readFile(upload, FIELD);
  const preview = await previewImport(definition(db), file.rows, FIELD);
  const kept = await keepUpload(db, { kind: KIND, userId: actor.userId, ...file });
  return {
    ...kept,
    rows: preview.rows.length,
    valid: preview.valid,
    invalid: preview.invalid,
    totals: totalsOf(preview),
    items: preview.rows.map((r) => ({ line: r.line, values: r.values, errors: r.errors as FieldError[] })),
  };
}

/**
 * The uploaded file back in its own format (xlsx, or xls for an .xls): its rows as read, with a last column
 * ('Errores' / 'Errors') giving each row's errors as sentences in `lang`
 * ('Total: No coincide con la suma de los meses (Q 1200.00)'), to fix and
 * upload again. Same errors as the preview.
 */
export async function planningImportErrorFile(
  db: Db,
  spreadsheets: SpreadsheetReader,
  upload: UploadSource,
  lang: 'es' | 'en',
): Promise<Content> {
  const file = await spreadsheets.readFile(upload, FIELD);
  const def = definition(db);
  const preview = await previewImport(def, file.rows, FIELD);
  const body = await errorWorkbook(def, preview, lang, (e) => fieldErrorText(lang, e), file.format);
  return {
    mime: SPREADSHEET_MIME[file.format],
    headers: {
      'content-disposition': disposition(
        'attachment',
        `${lang === 'es' ? 'poa-errores' : 'poa-errors'}.${file.format}`,
      ),
      'content-length': body.length,
      'cache-control': 'no-store',
    },
    body,
  };
}

/**
 * Creates every row of an uploaded POA file as a planning line, in one
 * transaction: the file is checked again inside it (the catalogs may have
 * changed since the preview) and, with any row in error, nothing is written
 * (400 `import_has_errors`, params.count; decision 0018). One `create` audit
 * entry per line, as the form's. The file comes as an upload or as the
 * preview's token (its kept sheet, not parsed again; used up by a successful
 * import). A file whose SHA-256 was imported before is refused unless
 * `confirmDuplicate`. Returns the lines created, as `written` of `total`
 * rows (equal: all or none).
 * Errors: those of the preview; for a token 404 `not_found` (unknown, another
 * user's) and 409 `import_expired` (expired or used); 409
 * `import_already_done` (params at, date, by); then `import_has_errors`;
 * then 409 `plan_locked` (a year submitted since the check read it).
 *
 * `onProgress` follows the writing (issue 25 section 7, the execute route's
 * NDJSON stream): called with (0, total) once every check above has passed,
 * then after each batch of `planning.PROGRESS_BATCH` lines with the lines
 * written so far (awaited). Whatever fails after that (the database) still rolls the
 * whole transaction back: nothing written, the token not used up.
 */
export async function importPlanning(
  db: Db,
  spreadsheets: SpreadsheetReader,
  actor: UserActor,
  source: { upload: UploadSource } | { token: string },
  confirmDuplicate = false,
  onProgress?: (done: number, total: number) => void | Promise<void>,
): Promise<PlanningImportResult> {
  // Read before the transaction: no transaction waits on an upload, a parse or the queue.
  const file = 'upload' in source ? await spreadsheets.readFile(source.upload, FIELD) : null;
  // A deadlock victim runs once more (inTransaction): the token's take and every line roll back with it.
  return inTransaction(db, async (tx) => {
    let rows: SheetRows;
    let hash: string;
    let kept: string | null = null;
    if (file) {
      rows = file.rows;
      hash = fileHash(file.data);
    } else {
      const taken = await takeUpload(tx, {
        kind: KIND,
        userId: actor.userId,
        token: (source as { token: string }).token,
      });
      ({ rows, fileHash: hash } = taken);
      kept = taken.id;
    }
    await assertNotImported(tx, KIND, hash, confirmDuplicate, async (id) => (await userNames(tx, [id])).get(id));
    const values = assertImportable(await previewImport(definition(tx), rows, FIELD), FIELD);
    await planning.insertLines(
      tx,
      actor,
      values.map((r) => ({ body: r.input! })),
      { onProgress },
    );
    await recordExecution(
      tx,
      kept
        ? { id: kept, written: values.length }
        : {
            kind: KIND,
            userId: actor.userId,
            data: file!.data,
            format: file!.format as SpreadsheetFormat,
            written: values.length,
          },
    );
    return { created: values.length, written: values.length, total: values.length };
  });
}

/**
 * The import's template (xlsx): the 35 columns with their headers in `lang`
 * and an example row, then a sheet of the codes the file may use (active
 * strategic axes, programs with their axis, expense types, headquarters).
 */
export async function planningImportTemplate(db: Db, lang: 'es' | 'en'): Promise<Content> {
  const [axes, programs, types, hqs] = await Promise.all([
    catalogs.listItems(db, 'strategic_axis'),
    catalogs.listItems(db, 'program'),
    catalogs.listItems(db, 'expense_type'),
    headquartersService.headquarterOptions(db),
  ]);
  const T =
    lang === 'es'
      ? {
          sheet: 'Códigos',
          list: 'Lista',
          code: 'Código',
          name: 'Nombre',
          under: 'Eje estratégico',
          lists: ['Eje estratégico', 'Programa', 'Tipo de gasto', 'Sede'],
        }
      : {
          sheet: 'Codes',
          list: 'List',
          code: 'Code',
          name: 'Name',
          under: 'Strategic axis',
          lists: ['Strategic axis', 'Program', 'Expense type', 'Headquarter'],
        };
  const items = (
    list: string,
    rows: { code: string; es: string; en: string; active: boolean; parent?: string | null }[],
  ) =>
    rows
      .filter((i) => i.active)
      .map((i) => ({ list, code: i.code, name: lang === 'es' ? i.es : i.en, under: i.parent ?? null }));
  const reference: ReferenceSheet = {
    name: T.sheet,
    columns: [
      { header: T.list, key: 'list', width: 18 },
      { header: T.code, key: 'code', width: 16 },
      { header: T.name, key: 'name', width: 40 },
      { header: T.under, key: 'under', width: 16 },
    ],
    rows: [
      ...items(T.lists[0]!, axes),
      ...items(T.lists[1]!, programs),
      ...items(T.lists[2]!, types),
      ...hqs.filter((h) => h.active).map((h) => ({ list: T.lists[3]!, code: h.code, name: h.cname, under: null })),
    ],
  };
  // The example row names this installation's own codes (issue 24 section 6 item 4): an active axis with an active
  // program under it, an active expense type and headquarter, this year; a list still empty keeps the generic code.
  const program = programs.find((p) => p.active && axes.some((a) => a.active && a.code === p.parent));
  const example: Record<string, string> = { year: todayInGuatemala().slice(0, 4) };
  if (program) Object.assign(example, { strategicAxis: program.parent!, program: program.code });
  const type = types.find((i) => i.active);
  if (type) example.expenseType = type.code;
  const hq = hqs.find((h) => h.active);
  if (hq) example.headquarter = hq.code;
  const body = await templateWorkbook(definition(db), lang, [reference], example);
  return {
    mime: XLSX,
    headers: {
      'content-disposition': disposition('attachment', lang === 'es' ? 'poa-plantilla.xlsx' : 'poa-template.xlsx'),
      'content-length': body.length,
      'cache-control': 'no-store',
    },
    body,
  };
}
