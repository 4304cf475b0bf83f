import { z } from 'zod';
import { progressStreamLine } from '../ndjson.ts';
import { envelope, paged, pageQuery, uuid } from '../validation.ts';
import { importFieldError, type PlanningImportColumn } from './budget-import.schema.ts';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from './budget.constants.ts';

/**
 * Personnel execution (issue 27 section 4, module `execution`, `/execution/personal`, permission
 * `ejecucion_personal`; decision 0032): the month's payroll spreadsheet, an .xls only, becomes execution on the
 * plan's lines, all its rows or none. One file is one month's payroll: every row names the same month. A month
 * holds at most one active upload; uploading it again (the same file or another) is refused unless the earlier
 * upload is replaced explicitly, which reverses its execution in the same transaction.
 */

/**
 * The file's columns, in the template's order (11). Every column must be in the header row (by its Spanish or
 * English header, or its key); cells that may be blank: `program` and `headquarter` (they narrow an expense
 * type), an amount other than the salary (0).
 * - `collaborator`: the collaborator's DPI (13 digits) or code, as registered in talent.
 * - `month`: the payroll's month, `YYYY-MM` (or a date cell: its month).
 * - `line`: a planning line's id (the template's second sheet lists the year's lines) or an expense type's code;
 *   with an expense type, the line is the month's year's one line with that expense type at the headquarter
 *   (`headquarter`'s code, or the collaborator's headquarter) and, when given, under `program`.
 * - amounts in Q, at most two decimals, not negative: `salary`, `bonus` (bonificación incentivo, Decreto 37-2001),
 *   `igssEmployer` (the employer's IGSS fee), `benefits` (the month's provision for aguinaldo, bono 14, vacations
 *   and indemnización), `isrWithheld` (withheld from the salary: informative, part of the salary);
 * - `total`: what the month costs the charity and what is executed: salary + bonus + igssEmployer + benefits.
 */
export const PAYROLL_IMPORT_COLUMNS: readonly PlanningImportColumn[] = [
  {
    key: 'collaborator',
    header: { es: 'Colaborador (DPI o código)', en: 'Collaborator (DPI or code)' },
    example: 'COL-001',
    width: 24,
  },
  { key: 'month', header: { es: 'Mes', en: 'Month' }, example: '2027-03', width: 10 },
  {
    key: 'line',
    header: { es: 'Línea o tipo de gasto', en: 'Line or expense type' },
    example: 'SALARIOS',
    width: 38,
  },
  { key: 'program', header: { es: 'Programa', en: 'Program' }, example: '', width: 12 },
  { key: 'headquarter', header: { es: 'Sede', en: 'Headquarter' }, example: '', width: 12 },
  { key: 'salary', header: { es: 'Salario', en: 'Salary' }, example: '4000.00', width: 12 },
  { key: 'bonus', header: { es: 'Bonificación incentivo', en: 'Incentive bonus' }, example: '250.00', width: 12 },
  { key: 'igssEmployer', header: { es: 'Cuota patronal IGSS', en: 'IGSS employer fee' }, example: '426.80', width: 12 },
  {
    key: 'benefits',
    header: { es: 'Provisión de prestaciones', en: 'Benefits provision' },
    example: '1333.33',
    width: 14,
  },
  { key: 'isrWithheld', header: { es: 'ISR retenido', en: 'ISR withheld' }, example: '0.00', width: 12 },
  { key: 'total', header: { es: 'Total', en: 'Total' }, example: '6010.13', width: 12 },
];

/** A payroll month: the year (a plan year) and the month 1–12. */
export const payrollMonth = z.object({
  year: z.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX),
  month: z.number().int().min(1).max(12),
});
export type PayrollMonth = z.infer<typeof payrollMonth>;

/** What a planning line receives from the file (Q): the sum of its valid rows. */
export const payrollLineTotal = z.object({
  lineId: uuid,
  description: z.string(),
  program: z.string(),
  expenseType: z.string(),
  headquarterName: z.string(),
  rows: z.number().int(),
  amount: z.string(),
});
export type PayrollLineTotal = z.infer<typeof payrollLineTotal>;

/** The month's active upload, which executing this file would have to replace. */
export const payrollExisting = z.object({
  uploadId: uuid,
  /** ISO instant and Guatemala date of its execution, and who executed it (full name). */
  at: z.string(),
  date: z.string(),
  by: z.string(),
  /** True when it is this very file (same SHA-256). */
  sameFile: z.boolean(),
  amount: z.string(),
});

/**
 * POST /api/execution/personal/preview: every row checked, nothing written. `items` are the rows in error (the
 * first 1,000 of `invalid`; the error file has them all): `line` is the row's line in the file (1 = the header),
 * `values` its cells as read by column key, `errors` name column keys. `month` is the file's
 * month when its valid rows name one; `lines` the valid rows summed per planning line; `total` their sum (Q);
 * `existing` the month's active upload, if any (execute needs `replace` then). `token` names the sheet kept on the
 * server until `expiresAt` (30 minutes) for …/execute.
 */
export const payrollPreview = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  month: payrollMonth.nullable(),
  total: z.string(),
  lines: z.array(payrollLineTotal),
  existing: payrollExisting.nullable(),
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
export type PayrollPreview = z.infer<typeof payrollPreview>;
export const payrollPreviewResponse = envelope(payrollPreview);

/**
 * POST /api/execution/personal/execute: the preview's `token`; `replace` replaces the month's active upload
 * (409 `payroll_month_done` without it); `confirmWarning` and `overrideReason` answer the budget control as a
 * request's commitment does (409 `budget_warning`, 409 `budget_stop` and `asignacion_liberacion`).
 */
export const payrollExecuteInput = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'invalid'),
  replace: z.boolean().default(false),
  confirmWarning: z.boolean().default(false),
  overrideReason: z.string().trim().min(1).max(500).optional(),
});
export type PayrollExecuteInput = z.input<typeof payrollExecuteInput>;

/** The outcome: the upload recorded, its rows written (all of them), the amount executed (Q), the one replaced. */
export const payrollResult = z.object({
  uploadId: uuid,
  written: z.number().int(),
  total: z.number().int(),
  amount: z.string(),
  replacedId: uuid.nullable(),
});
export type PayrollResult = z.infer<typeof payrollResult>;
export const payrollResultResponse = envelope(payrollResult);
/** A line of …/execute's answer to `Accept: application/x-ndjson`: progress while writing, then result or problem. */
export const payrollStreamLine = progressStreamLine(payrollResult, 'writing');
export type PayrollStreamLine = z.infer<typeof payrollStreamLine>;

export const PAYROLL_UPLOAD_STATUSES = ['active', 'replaced'] as const;

/** GET /api/execution/personal/uploads: the uploads executed, newest first, optionally of one year. */
export const payrollUploadsQuery = pageQuery.omit({ order: true }).extend({
  year: z.coerce.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX).optional(),
});
export const payrollUpload = z.object({
  id: uuid,
  year: z.number().int(),
  month: z.number().int(),
  rows: z.number().int(),
  amount: z.string(),
  status: z.enum(PAYROLL_UPLOAD_STATUSES),
  executedAt: z.string(),
  executedByName: z.string(),
  replacedAt: z.string().nullable(),
  /** The first 12 hex digits of the file's SHA-256, to tell files apart. */
  fileHash: z.string(),
});
export type PayrollUpload = z.infer<typeof payrollUpload>;
export const payrollUploadsResponse = envelope(paged(payrollUpload));
