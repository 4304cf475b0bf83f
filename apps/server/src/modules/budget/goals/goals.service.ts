import type { FieldErrorCode } from '@amparo/shared/errors';
import { toGuatemalaLocal } from '@amparo/shared/format';
import { MONTHS, type LineGoals } from '@amparo/shared/modules/budget.schema';
import { moneyString, sumMoney } from '@amparo/shared/money';
import type { Executor } from '../../../db/client.ts';
import type { PlanLinks } from '../../../lib/plan-links.ts';
import * as repo from '../assignment/assignment.repository.ts';
import * as planningRepo from '../planning/planning.repository.ts';
import { getLine } from '../planning/planning.service.ts';

/**
 * The budget's rule for a record picking a planning line (`app.planLinks`, issue 13 section 3): the line exists
 * (`invalid`) and is of the year the record happens in, in America/Guatemala (`other_year`).
 */
export async function planLinkCheck(tx: Executor, lineId: string, at: Date): Promise<FieldErrorCode | null> {
  const line = await repo.lineYear(tx, lineId);
  if (!line) return 'invalid';
  return Number(toGuatemalaLocal(at).slice(0, 4)) === line.year ? null : 'other_year';
}

/**
 * A line's goals against achieved (`GET /api/budget/planning/:id/goals`): per month its goal (quantity in its
 * unit) and how many records of each source executed it that month, with totals. 404 when no such line.
 */
export async function lineGoals(db: Executor, links: PlanLinks, lineId: string): Promise<LineGoals> {
  const line = await getLine(db, lineId);
  const achieved = await links.achieved(db, lineId);
  const months = MONTHS.map((month) => {
    const rows = achieved.filter((a) => a.month === month);
    return {
      month,
      goal: line.months[month - 1]!.goal,
      achieved: rows.reduce((n, r) => n + r.quantity, 0),
      bySource: Object.fromEntries(rows.map((r) => [r.source, r.quantity])),
    };
  });
  return {
    lineId,
    goalUnit: line.goalUnit,
    months,
    total: {
      goal: moneyString(sumMoney(months.map((m) => m.goal))),
      achieved: months.reduce((n, m) => n + m.achieved, 0),
    },
  };
}

/**
 * Lines of a year an activity or attention form may offer (`app.planLinks`): value = line id, label =
 * 'AXIS / PROGRAM – description' (codes of the planning catalogs), matching `q` in the codes or the description
 * (no case), at most 20, by axis, program and description.
 */
export async function planLineOptions(db: Executor, year: number, q: string | null) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await planningRepo.lineOptionRows(db, year, pattern);
  return rows.map((r) => ({
    value: r.id,
    label: `${r.strategic_axis} / ${r.program} – ${r.description}`,
    year,
  }));
}
