import type { z } from 'zod';
import type {
  CopyLine,
  CopyYearPreview,
  copyYearInput,
  copyYearPreviewQuery,
} from '@amparo/shared/modules/budget-import.schema';
import { MONTHS } from '@amparo/shared/modules/budget.schema';
import type { FieldError } from '@amparo/shared/errors';
import { moneyString, sumMoney } from '@amparo/shared/money';
import type { Db, Executor } from '../../../db/client.ts';
import { inTransaction } from '../../../lib/transaction.ts';
import type { UserActor } from '../../../lib/actor.ts';
import { AppError, isUniqueViolation } from '../../../lib/errors.ts';
import * as planning from '../planning/planning.service.ts';
import * as repo from '../planning/planning.repository.ts';

/**
 * Copying a year's plan to the next year (issue 13 section 3): every line of
 * year `from` becomes a line of `from + 1` with the same classification,
 * description, goal unit, responsible, planner, headquarter, municipality and
 * 12 monthly amounts (Q) and goals, naming its source (`copied_from_id`).
 *
 * A line that could not be created today is skipped, with its reasons shown
 * in the preview: the field errors a new line would get (`lineProblems`: a
 * strategic axis, program or expense type now `inactive` or gone, a program
 * moved to another axis, a responsible, planner or headquarter now
 * `inactive`). The copy runs once per year: a source line has at most one
 * copy (a unique index), so a second copy, even a concurrent one, is refused.
 */

type Row = repo.LineRow;
interface Plan {
  from: number;
  to: number;
  copy: { row: Row; body: planning.Input }[];
  skipped: { row: Row; reasons: FieldError[] }[];
  totals: { months: string[]; total: string };
  alreadyCopied: number;
}

const summary = (r: Row): CopyLine => ({
  id: r.line.id,
  strategicAxis: r.line.strategicAxis,
  program: r.line.program,
  expenseType: r.line.expenseType,
  description: r.line.description,
  responsibleName: r.responsibleName,
  headquarterName: r.headquarterName,
  totalAmount: moneyString(sumMoney([r.totalAmount])),
});

/** What copying `from` would create today, read with `db` (the copy's transaction when writing). */
async function plan(db: Executor, from: number): Promise<Plan> {
  const to = from + 1;
  const { rows, months } = await repo.linesOfYear(db, from);
  const alreadyCopied = await repo.copiedCount(db, from);
  const rules = await planning.lineRules(db, { ids: rows.flatMap((r) => [r.line.responsibleId, r.line.plannerId]) });
  const copy: Plan['copy'] = [];
  const skipped: Plan['skipped'] = [];
  for (const row of rows) {
    const x = row.line;
    const body: planning.Input = {
      year: to,
      strategicAxis: x.strategicAxis,
      program: x.program,
      expenseType: x.expenseType,
      description: x.description,
      goalUnit: x.goalUnit,
      responsibleId: x.responsibleId,
      plannerId: x.plannerId,
      headquarterId: x.headquarterId,
      municipality: x.municipality,
      months: months.get(x.id) ?? [],
    };
    const reasons = planning.lineProblems(rules, body, null);
    if (reasons.length) skipped.push({ row, reasons });
    else copy.push({ row, body });
  }
  const monthTotals = MONTHS.map((m) =>
    moneyString(sumMoney(copy.flatMap((c) => c.body.months.filter((x) => x.month === m).map((x) => x.amount)))),
  );
  return {
    from,
    to,
    copy,
    skipped,
    totals: { months: monthTotals, total: moneyString(sumMoney(monthTotals)) },
    alreadyCopied,
  };
}

/**
 * What copying year `from` into `from + 1` would create (nothing written):
 * `lines`, the number of lines to create; `totals`, their amounts per month
 * and the year's (Q); `items`, a page of them (`page`, `pageSize`); `skipped`,
 * every line left out with its `reasons` (field errors: `inactive`,
 * `unknown_code`, `program_not_in_axis`); `alreadyCopied`, source lines that
 * already have a copy (the copy is refused while it is not 0).
 */
export async function copyYearPreview(db: Db, q: z.output<typeof copyYearPreviewQuery>): Promise<CopyYearPreview> {
  const p = await plan(db, q.from);
  const start = (q.page - 1) * q.pageSize;
  return {
    from: p.from,
    to: p.to,
    lines: p.copy.length,
    totals: p.totals,
    page: q.page,
    pageSize: q.pageSize,
    items: p.copy.slice(start, start + q.pageSize).map((c) => summary(c.row)),
    skipped: p.skipped.map((s) => ({ ...summary(s.row), reasons: s.reasons })),
    alreadyCopied: p.alreadyCopied,
  };
}

/**
 * Copies year `from`'s plan into `from + 1` in one transaction, exactly the
 * lines the preview shows (skipped ones left out), each audited as a
 * `create` with its `copiedFromId`. Returns `{ created, to }`.
 *
 * Errors: 409 `year_already_copied` when lines of `from` already have a copy
 * (field `from`, code `duplicate`, params.count), also when another copy of
 * the year commits first; 409 `copy_preview_stale` when the lines to copy are
 * not `expectedLines` or their total (Q) not `expectedTotal` (field
 * `expectedLines`, code `invalid`, params: lines, total as they are now).
 */
export async function copyYear(
  db: Db,
  actor: UserActor,
  body: z.output<typeof copyYearInput>,
): Promise<{ created: number; to: number }> {
  try {
    return await inTransaction(db, async (tx) => {
      const p = await plan(tx, body.from);
      if (p.alreadyCopied > 0)
        throw new AppError(409, 'year_already_copied', [
          { field: 'from', code: 'duplicate', params: { count: p.alreadyCopied } },
        ]);
      if (
        p.copy.length !== body.expectedLines ||
        (body.expectedTotal !== undefined && p.totals.total !== body.expectedTotal)
      )
        throw new AppError(409, 'copy_preview_stale', [
          { field: 'expectedLines', code: 'invalid', params: { lines: p.copy.length, total: p.totals.total } },
        ]);
      await planning.insertLines(
        tx,
        actor,
        p.copy.map((c) => ({ body: c.body, copiedFromId: c.row.line.id })),
      );
      return { created: p.copy.length, to: p.to };
    });
  } catch (err) {
    // A copy of the same year committed between our check and our insert.
    if (isUniqueViolation(err, 'planning_lines_copied_from_key'))
      throw new AppError(409, 'year_already_copied', [{ field: 'from', code: 'duplicate' }]);
    throw err;
  }
}
