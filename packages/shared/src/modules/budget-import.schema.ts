import { z } from 'zod';
import { moneyAmount } from '../money.ts';
import { progressStreamLine } from '../ndjson.ts';
import { envelope } from '../validation.ts';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from './budget.schema.ts';

/**
 * The POA's spreadsheet import and the copy of a year's plan to the next
 * year (issue 13 section 3, decision 0018). The import's columns are part of
 * the contract: the server reads them (by their Spanish or English header, or
 * their key) and writes the template and the error file with them; the web
 * names a cell's error by the same header.
 */

/** Month abbreviations, January first: the amount columns' headers ('Ene' … 'Dic', 'Jan' … 'Dec'). */
export const MONTH_ABBREVIATIONS = {
  es: ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
} as const;

export interface PlanningImportColumn {
  key: string;
  header: { es: string; en: string };
  /** The template's example row. */
  example: string;
  width?: number;
}

const monthIndexes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/**
 * The import's columns, in the template's order (35). Every column must be
 * in the file's header row; cells that may be blank: municipality (none), a
 * month's amount or goal (0). `responsible` and `planner` take a user's
 * username or e-mail (both unique, case aside; a username holds no '@');
 * `headquarter` its code (unique; names are not). Amounts in Q, at most two
 * decimals; `total` must equal the sum of the 12 amounts.
 */
export const PLANNING_IMPORT_COLUMNS: readonly PlanningImportColumn[] = [
  { key: 'year', header: { es: 'Año', en: 'Year' }, example: '2027', width: 8 },
  { key: 'strategicAxis', header: { es: 'Eje estratégico', en: 'Strategic axis' }, example: 'EJ1' },
  { key: 'program', header: { es: 'Programa', en: 'Program' }, example: 'PR1' },
  { key: 'expenseType', header: { es: 'Tipo de gasto', en: 'Expense type' }, example: 'TALLERES' },
  {
    key: 'description',
    header: { es: 'Descripción', en: 'Description' },
    example: 'Talleres de crianza positiva con familias',
    width: 40,
  },
  { key: 'goalUnit', header: { es: 'Unidad de meta', en: 'Goal unit' }, example: 'talleres' },
  { key: 'responsible', header: { es: 'Responsable', en: 'Responsible' }, example: 'usuario', width: 22 },
  { key: 'planner', header: { es: 'Planificador', en: 'Planner' }, example: 'usuario', width: 22 },
  { key: 'headquarter', header: { es: 'Sede', en: 'Headquarter' }, example: 'CENTRAL' },
  { key: 'municipality', header: { es: 'Municipio', en: 'Municipality' }, example: '0101' },
  ...monthIndexes.map((m) => ({
    key: `amount${m}`,
    header: { es: MONTH_ABBREVIATIONS.es[m - 1]!, en: MONTH_ABBREVIATIONS.en[m - 1]! },
    example: '100.00',
    width: 11,
  })),
  ...monthIndexes.map((m) => ({
    key: `goal${m}`,
    header: { es: `Meta ${MONTH_ABBREVIATIONS.es[m - 1]!}`, en: `Goal ${MONTH_ABBREVIATIONS.en[m - 1]!}` },
    example: '1',
    width: 10,
  })),
  { key: 'total', header: { es: 'Total', en: 'Total' }, example: '1200.00', width: 12 },
];

export const importLang = z.object({ lang: z.enum(['es', 'en']).default('es') });

export const importFieldError = z.object({
  field: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});

/** Sums over the valid rows of a file or the lines of a copy: per month (January first) and the year (Q). */
export const planTotals = z.object({ months: z.array(z.string()).length(12), total: z.string() });

/**
 * POST /api/budget/planning/import/preview: every row of the file checked,
 * nothing written. `line` is the row's line in the file (1 = the header);
 * `values` its cells as read, by column key; `errors` name column keys.
 * `token` names the upload kept on the server until `expiresAt` (ISO
 * instant, 30 minutes): `POST …/import/execute` takes it instead of the file
 * (issue 25 section 7).
 */
export const planningImportPreview = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Over the valid rows (what the import would create when no row has an error). */
  totals: planTotals,
  items: z.array(
    z.object({
      line: z.number().int(),
      values: z.record(z.string(), z.string().nullable()),
      errors: z.array(importFieldError),
    }),
  ),
  token: z.string(),
  expiresAt: z.string(),
});
export type PlanningImportPreview = z.infer<typeof planningImportPreview>;
export const planningImportPreviewResponse = envelope(planningImportPreview);
/**
 * An import's outcome: `created` lines; `written` of `total` rows (all or none in one transaction, so equal on
 * success; decision 0018).
 */
export const planningImportResult = z.object({
  created: z.number().int(),
  written: z.number().int(),
  total: z.number().int(),
});
export type PlanningImportResult = z.infer<typeof planningImportResult>;
export const planningImportResponse = envelope(planningImportResult);
/**
 * A line of POST …/import/execute's answer to `Accept: application/x-ndjson` (issue 25 section 7, ../ndjson.ts):
 * `{"type":"progress","phase":"writing","done":n,"total":N}` first with done 0 once every check passed, then
 * after each batch of lines written (done rising to N); then `{"type":"result","data":{created,written,total}}`,
 * or `{"type":"problem","problem":{type,title,status,code,errors?,…}}` when the writing failed (rolled back:
 * nothing written, the token not used up).
 */
export const planningImportStreamLine = progressStreamLine(planningImportResult, 'writing');
export type PlanningImportStreamLine = z.infer<typeof planningImportStreamLine>;

/**
 * POST /api/budget/planning/import/execute: the preview's `token` instead of the file; `confirmDuplicate` imports
 * a file already imported (409 `import_already_done` otherwise). The multipart import takes it as a query flag.
 */
export const planningImportExecuteInput = z.object({
  /** base64url of 32 random bytes, as the preview gave it. */
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'invalid'),
  confirmDuplicate: z.boolean().default(false),
});
export const planningImportQuery = z.object({
  confirmDuplicate: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** The year whose plan is copied into the next one (the next one must be a plan year too). */
const sourceYear = (n: z.ZodNumber) =>
  n
    .int()
    .min(PLAN_YEAR_MIN)
    .max(PLAN_YEAR_MAX - 1);

export const copyYearPreviewQuery = z.object({
  from: sourceYear(z.coerce.number()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** A source line as the copy shows it (its id is the source line's). */
export const copyLine = z.object({
  id: z.string(),
  strategicAxis: z.string(),
  program: z.string(),
  expenseType: z.string(),
  description: z.string(),
  responsibleName: z.string().nullable(),
  headquarterName: z.string().nullable(),
  totalAmount: z.string(),
});
export type CopyLine = z.infer<typeof copyLine>;

/**
 * GET /api/budget/planning/copy-year/preview: what copying `from` into `to`
 * (= from + 1) would create. `lines` and `totals` count the lines to copy;
 * `items` is a page of them; `skipped` every source line left out and why
 * (field errors of the line as a new line would get them: an `inactive` or
 * `unknown_code` item, user or headquarter, a `program_not_in_axis`);
 * `alreadyCopied` counts source lines that already have a copy in `to` (the
 * copy is refused while it is not 0).
 */
export const copyYearPreview = z.object({
  from: z.number().int(),
  to: z.number().int(),
  lines: z.number().int(),
  totals: planTotals,
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(copyLine),
  skipped: z.array(copyLine.extend({ reasons: z.array(importFieldError) })),
  alreadyCopied: z.number().int(),
});
export type CopyYearPreview = z.infer<typeof copyYearPreview>;
export const copyYearPreviewResponse = envelope(copyYearPreview);

/**
 * POST /api/budget/planning/copy-year: the preview's count (and total, Q) as
 * seen, so a plan changed since is refused (409 `copy_preview_stale`).
 */
export const copyYearInput = z.object({
  from: sourceYear(z.number()),
  expectedLines: z.number().int().min(1).max(1_000_000),
  expectedTotal: moneyAmount().optional(),
});
export const copyYearResponse = envelope(z.object({ created: z.number().int(), to: z.number().int() }));
