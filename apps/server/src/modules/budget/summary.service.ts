import type { z } from 'zod';
import type {
  BudgetFigures,
  FunderFigures,
  FunderSummary,
  PoaSummary,
  funderSummaryQuery,
} from '@amparo/shared/modules/budget-summary.schema';
import { MONTHS } from '@amparo/shared/modules/budget.schema';
import { money, moneyString, sumMoney, type Money } from '@amparo/shared/money';
import type { Executor } from '../../db/client.ts';
import { invalidField } from '../../lib/errors.ts';
import * as repo from './summary.repository.ts';
import * as plans from './plan.service.ts';

/*
 * Budget views (issue 13 section 5). Sums come from SQL per cell (summary.repository.ts); the roll-ups to
 * programs, axes and totals add those decimal strings with decimal.js (decision 0016), never floats.
 */

type Sums = { planned: Money; assigned: Money; committed: Money; executed: Money };
const zero = (): Sums => ({ planned: money(0), assigned: money(0), committed: money(0), executed: money(0) });
const add = (into: Sums, c: Sums) => {
  into.planned = into.planned.plus(c.planned);
  into.assigned = into.assigned.plus(c.assigned);
  into.committed = into.committed.plus(c.committed);
  into.executed = into.executed.plus(c.executed);
};

/** Executed over planned in percent with one decimal (half-up), null when nothing is planned. */
function percent(executed: Money, planned: Money): string | null {
  return planned.isZero() ? null : executed.times(100).dividedBy(planned).toDecimalPlaces(1).toFixed(1);
}

function figures(s: Sums): BudgetFigures {
  return {
    planned: moneyString(s.planned),
    assigned: moneyString(s.assigned),
    committed: moneyString(s.committed),
    executed: moneyString(s.executed),
    executedPercent: percent(s.executed, s.planned),
  };
}

/** A node of the roll-up: its sums and its months' sums. */
class Node {
  readonly sums = zero();
  readonly months = MONTHS.map(() => zero());
  /** A cell of this program, its amounts read once. */
  addCell(c: repo.PoaCell) {
    const amounts = {
      planned: money(c.planned),
      assigned: money(c.assigned),
      committed: money(c.committed),
      executed: money(c.executed),
    };
    add(this.sums, amounts);
    add(this.months[c.month - 1]!, amounts);
  }
  /** A node below this one (a program into its axis, an axis into the total). */
  addNode(n: Node) {
    add(this.sums, n.sums);
    n.months.forEach((m, i) => add(this.months[i]!, m));
  }
  out() {
    return { ...figures(this.sums), months: this.months.map(figures) };
  }
}

/**
 * The POA summary of a year (`GET /api/budget/summary/poa?year=`): planned, assigned, committed, executed (Q)
 * and executed over planned (%) per strategic axis, per program under it and per month, with the year's total
 * and its months. Axes and programs by code; only those with lines in the year. With `revision`, as that
 * approved revision of the year's plan stood when it was approved (planned figures it kept, ledger rows up to its
 * approval); 400 `invalid` on `revision` when the year has no such revision.
 */
export async function poaSummary(db: Executor, year: number, revision?: number): Promise<PoaSummary> {
  const asOf = revision === undefined ? null : await plans.findRevision(db, year, revision);
  if (revision !== undefined && !asOf) throw invalidField('revision', 'invalid');
  const cells = await repo.poaCells(db, year, asOf && { revisionId: asOf.id, until: asOf.approvedAt });
  const counts = await repo.poaLineCounts(db, year, asOf?.id ?? null);
  const total = new Node();
  const axes = new Map<string, { node: Node; programs: Map<string, Node> }>();
  for (const c of cells) {
    const axis = axes.get(c.axis) ?? { node: new Node(), programs: new Map<string, Node>() };
    axes.set(c.axis, axis);
    const program = axis.programs.get(c.program) ?? new Node();
    axis.programs.set(c.program, program);
    program.addCell(c);
  }
  // Programs add up to their axis and axes to the total: about half the decimal.js additions of adding each
  // cell to its program, axis and total, and each cell's amounts parsed once instead of three times (decimal.js
  // was 40 % of the server's busy time on a plan of 2,000 lines a year: issue 13 benchmark).
  for (const axis of axes.values()) {
    for (const program of axis.programs.values()) axis.node.addNode(program);
    total.addNode(axis.node);
  }
  const byCode = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);
  return {
    year,
    revision: revision ?? null,
    lineCount: counts.reduce((n, c) => n + c.n, 0),
    axes: [...axes.entries()].sort(byCode).map(([code, a]) => ({
      code,
      ...a.node.out(),
      programs: [...a.programs.entries()].sort(byCode).map(([program, node]) => ({
        code: program,
        lineCount: counts.find((c) => c.axis === code && c.program === program)?.n ?? 0,
        ...node.out(),
      })),
    })),
    total: total.out(),
  };
}

function funderFigures(
  rows: { amount: string; assigned: string; committed: string; executed: string }[],
): FunderFigures {
  const amount = sumMoney(rows.map((r) => r.amount));
  const assigned = sumMoney(rows.map((r) => r.assigned));
  const committed = sumMoney(rows.map((r) => r.committed));
  const executed = sumMoney(rows.map((r) => r.executed));
  return {
    amount: moneyString(amount),
    assigned: moneyString(assigned),
    unassigned: moneyString(amount.minus(assigned)),
    committed: moneyString(committed),
    executed: moneyString(executed),
    available: moneyString(assigned.minus(committed).minus(executed)),
  };
}

/**
 * The funder summary (`GET /api/budget/summary/funders`): per cooperating its ceiling and, per item and in
 * total, the item's current amount, assigned, unassigned (= amount − assigned), committed, executed and
 * available (= assigned − committed − executed), in Q; `year` limits assigned, committed and executed to that
 * year's lines (the amounts stay the agreement's). Every cooperating, active or not, by code.
 */
export async function funderSummary(db: Executor, q: z.output<typeof funderSummaryQuery>): Promise<FunderSummary> {
  const rows = await repo.funderRows(db, q);
  const groups = new Map<string, repo.FunderItemRow[]>();
  for (const r of rows) groups.set(r.cooperatingId, [...(groups.get(r.cooperatingId) ?? []), r]);
  const cooperating = [...groups.values()].map((items) => {
    const c = items[0]!;
    const real = items.filter((i) => i.itemId !== null);
    return {
      id: c.cooperatingId,
      code: c.code,
      name: c.name,
      currency: c.currency,
      ceiling: c.ceiling,
      active: c.active,
      ...funderFigures(real),
      items: real.map((i) => ({ id: i.itemId!, code: i.itemCode!, name: i.itemName!, ...funderFigures([i]) })),
    };
  });
  return {
    year: q.year ?? null,
    asOf: q.asOf ?? null,
    cooperating,
    total: { ceiling: moneyString(sumMoney(cooperating.map((c) => c.ceiling))), ...funderFigures(cooperating) },
  };
}
