import { z } from 'zod';
import { PAYROLL_IMPORT_COLUMNS, type PayrollMonth } from '@amparo/shared/modules/execution-personal.schema';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.constants';
import { moneyAmount, moneyString, sumMoney } from '@amparo/shared/money';
import { todayInGuatemala } from '@amparo/shared/format';
import { catalogCode } from '@amparo/shared/validation';
import type { FieldError } from '@amparo/shared/errors';
import type { Executor } from '../../db/client.ts';
import type { ImportDefinition, PreviewRow } from '../../lib/spreadsheet-import/spreadsheet-import.ts';
import * as plans from '../budget/plan/plan.service.ts';
import { collaboratorsByKeys } from '../talent/collaborators.service.ts';
import * as repo from './personal.repository.ts';

/**
 * The payroll file's rows (issue 27 section 4, columns: `PAYROLL_IMPORT_COLUMNS` in the shared contract): each
 * cell parsed on its own, then every row checked against the registry and the plan, so one preview gives every
 * error of every row.
 */

/** A collaborator's key as typed: 13 digits (spaces and hyphens aside) are a DPI, anything else a code (upper case). */
const collaboratorKey = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    const digits = s.replace(/[\s-]/g, '');
    return /^\d{13}$/.test(digits) ? digits : s.toUpperCase();
  },
  z.string().min(1, 'required').max(40, 'length:1:40'),
);

/** `YYYY-MM`, or a date cell (read as `YYYY-MM-DD`): its month. */
const month = z
  .string()
  .trim()
  .min(1, 'required')
  .transform((v, ctx): PayrollMonth => {
    const m = /^(\d{4})-(\d{1,2})(?:-\d{1,2})?$/.exec(v);
    const year = Number(m?.[1]);
    const mm = Number(m?.[2]);
    if (!m || mm < 1 || mm > 12 || year < PLAN_YEAR_MIN || year > PLAN_YEAR_MAX) {
      ctx.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return { year, month: mm };
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A planning line's id, or an expense type's catalog code. */
const lineRef = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.union([
    z
      .string()
      .regex(UUID)
      .transform((id) => ({ lineId: id.toLowerCase(), expenseType: null })),
    z.preprocess(
      (v) => (typeof v === 'string' ? v.toUpperCase() : v),
      catalogCode.transform((code) => ({ lineId: null, expenseType: code })),
    ),
  ]),
);
/** A blank cell is null; else an upper-cased code. */
const optionalCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : v),
  catalogCode.nullable(),
);
const blankIsZero = z.preprocess((v) => (v === null ? '0' : v), moneyAmount());

const shape = {
  collaborator: collaboratorKey,
  month,
  line: lineRef,
  program: optionalCode,
  headquarter: optionalCode,
  salary: moneyAmount(),
  bonus: blankIsZero,
  igssEmployer: blankIsZero,
  benefits: blankIsZero,
  isrWithheld: blankIsZero,
  total: moneyAmount(),
};
type Cells = { [K in keyof typeof shape]: z.output<(typeof shape)[K]> };

/** A valid row: its cells parsed, its collaborator and planning line resolved. */
export interface PayrollRow extends Cells {
  collaboratorId: string;
  lineId: string;
}

const rowSchema = z.object(shape).transform((c): PayrollRow => ({ ...c, collaboratorId: '', lineId: '' }));

/** Each cell of a row parsed on its own: a cell in error left out. */
function partial(values: Record<string, string | null>): Partial<Cells> {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const parsed = (schema as z.ZodType).safeParse(values[key] ?? null);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Partial<Cells>;
}

const COLUMN_ORDER = new Map(PAYROLL_IMPORT_COLUMNS.map((c, i) => [c.key, i]));
const monthText = (m: PayrollMonth) => `${m.year}-${String(m.month).padStart(2, '0')}`;

/**
 * After the schema, every row (the refused ones with their good cells):
 * - `collaborator`: `collaborator_unknown` (no collaborator has the DPI or code), `collaborator_inactive`;
 * - `month`: the file's month is its first row's that parsed: another is `month_mixed` (params.month);
 *   `month_in_future` after this month (Guatemala); `month_outside_plan` (params.year) for a year with no
 *   planning line; `year_closed` (params.year) for a closed year;
 * - `headquarter`: `unknown_code`;
 * - `line`: by id, `line_unknown` or `line_other_year` (params year, requestYear: the month's); by expense type, the month's year's lines
 *   with that type at the headquarter (the given one, else the collaborator's) and under `program` when given:
 *   none is `line_unknown`, more than one `line_ambiguous` (params.count);
 * - `total`: `payroll_total_mismatch` (params.sum) unless salary + bonus + igssEmployer + benefits equals it.
 */
async function checkRows(db: Executor, rows: PreviewRow<PayrollRow>[]) {
  if (!rows.length) return;
  const read = rows.map((r) => (r.value as Partial<Cells> | null) ?? partial(r.values));
  const people = await collaboratorsByKeys(db, [
    ...new Set(read.flatMap((v) => (v.collaborator ? [v.collaborator] : []))),
  ]);
  const first = read.find((v) => v.month)?.month ?? null;
  const thisMonth = todayInGuatemala().slice(0, 7);
  const lines = first ? await repo.linesOfYears(db, [first.year]) : [];
  const closed = first ? await plans.isClosed(db, first.year) : false;
  const byId = new Map(lines.map((l) => [l.id, l]));
  const askedIds = [
    ...new Set(read.flatMap((v) => (v.line?.lineId && !byId.has(v.line.lineId) ? [v.line.lineId] : []))),
  ];
  const elsewhere = new Map((await repo.linesById(db, askedIds)).map((l) => [l.id, l]));
  const hqCodes = await repo.headquarterIdsByCode(db, [
    ...new Set(read.flatMap((v) => (v.headquarter ? [v.headquarter] : []))),
  ]);
  const byType = new Map<string, repo.PayrollLine[]>();
  for (const l of lines) {
    const same = byType.get(l.expenseType);
    if (same) same.push(l);
    else byType.set(l.expenseType, [l]);
  }

  rows.forEach((r, i) => {
    const v = read[i]!;
    const errors: FieldError[] = [];
    const inError = new Set(r.errors.map((e) => e.field));
    const person = v.collaborator ? people.get(v.collaborator) : undefined;
    if (v.collaborator && !person) errors.push({ field: 'collaborator', code: 'collaborator_unknown' });
    else if (person && !person.active) errors.push({ field: 'collaborator', code: 'collaborator_inactive' });

    let monthOk = false;
    if (v.month && first) {
      if (monthText(v.month) !== monthText(first))
        errors.push({ field: 'month', code: 'month_mixed', params: { month: monthText(first) } });
      else if (monthText(v.month) > thisMonth) errors.push({ field: 'month', code: 'month_in_future' });
      else if (!lines.length)
        errors.push({ field: 'month', code: 'month_outside_plan', params: { year: String(v.month.year) } });
      else if (closed) errors.push({ field: 'month', code: 'year_closed', params: { year: String(v.month.year) } });
      else monthOk = true;
    }

    const hqId = v.headquarter ? hqCodes.get(v.headquarter) : person?.headquarterId;
    if (v.headquarter && !hqId) errors.push({ field: 'headquarter', code: 'unknown_code' });
    let lineId: string | null = null;
    if (v.line?.lineId) {
      const line = byId.get(v.line.lineId) ?? elsewhere.get(v.line.lineId);
      if (!line) errors.push({ field: 'line', code: 'line_unknown' });
      else if (first && line.year !== first.year)
        errors.push({
          field: 'line',
          code: 'line_other_year',
          params: { year: String(line.year), requestYear: String(first.year) },
        });
      else lineId = line.id;
    } else if (v.line?.expenseType && monthOk && hqId) {
      const found = (byType.get(v.line.expenseType) ?? []).filter(
        (l) => l.headquarterId === hqId && (!v.program || l.program === v.program),
      );
      if (!found.length) errors.push({ field: 'line', code: 'line_unknown' });
      else if (found.length > 1)
        errors.push({ field: 'line', code: 'line_ambiguous', params: { count: found.length } });
      else lineId = found[0]!.id;
    }

    const amounts = ['salary', 'bonus', 'igssEmployer', 'benefits'] as const;
    if (amounts.every((k) => v[k] !== undefined) && v.total !== undefined) {
      const sum = sumMoney(amounts.map((k) => v[k]!));
      if (!sum.equals(v.total))
        errors.push({ field: 'total', code: 'payroll_total_mismatch', params: { sum: moneyString(sum) } });
    }

    r.errors.push(...errors.filter((e) => !inError.has(e.field)));
    r.errors.sort((a, b) => (COLUMN_ORDER.get(a.field) ?? 99) - (COLUMN_ORDER.get(b.field) ?? 99));
    if (!r.errors.length && r.value) Object.assign(r.value, { collaboratorId: person!.id, lineId: lineId! });
  });
}

/** The import's definition, its checks reading `db` (the execution's transaction when writing). */
export const payrollDefinition = (db: Executor): ImportDefinition<PayrollRow> => ({
  columns: PAYROLL_IMPORT_COLUMNS,
  row: rowSchema,
  check: (rows) => checkRows(db, rows),
  checkAll: true,
});

export { monthText };
