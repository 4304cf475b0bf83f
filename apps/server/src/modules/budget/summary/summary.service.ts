import type { z } from 'zod';
import type {
  BudgetFigures,
  FunderSummary,
  PoaSummary,
  funderSummaryQuery,
} from '@amparo/shared/modules/budget-summary.schema';
import { MONTHS } from '@amparo/shared/modules/budget.schema';
import type { Executor } from '../../../db/client.ts';
import { allOf } from '../../../db/sql.ts';
import { invalidField } from '../../../lib/errors.ts';
import * as repo from './summary.repository.ts';
import * as plans from '../plan/plan.service.ts';

/*
 * Budget views (issue 13 section 5). The POA summary's sums, roll-ups and percentages all come from one SQL
 * statement over numeric values (summary.repository.ts `poaRollup`); the funder summary adds its items' decimal
 * strings with decimal.js (decision 0016). Never floats.
 */

type Figured = BudgetFigures & { months: BudgetFigures[] };

const NOTHING: BudgetFigures = {
  planned: '0.00',
  assigned: '0.00',
  committed: '0.00',
  executed: '0.00',
  executedPercent: null,
};

/** A program's, an axis's or the year's figures before its roll-up rows are placed: nothing in any month. */
const empty = (): Figured => ({ ...NOTHING, months: MONTHS.map(() => NOTHING) });

/** Places a roll-up row in its node: the node's own figures (no month) or one of its months. */
function place(node: Figured, r: repo.PoaRollupRow) {
  const f: BudgetFigures = {
    planned: r.planned,
    assigned: r.assigned,
    committed: r.committed,
    executed: r.executed,
    executedPercent: r.executedPercent,
  };
  if (r.month === null) Object.assign(node, f);
  else node.months[r.month - 1] = f;
}

/**
 * The POA summary of a year (`GET /api/budget/summary/poa?year=`): planned, assigned, committed, executed (Q)
 * and executed over planned (%, one decimal, half away from zero; null when nothing is planned) per strategic
 * axis, per program under it and per month, with the year's total and its months. Axes and programs by code;
 * only those with lines in the year. With `revision`, as that approved revision of the year's plan stood when it
 * was approved (planned figures it kept, ledger rows up to its approval); 400 `invalid` on `revision` when the
 * year has no such revision.
 */
export async function poaSummary(db: Executor, year: number, revision?: number): Promise<PoaSummary> {
  const asOf = revision === undefined ? null : await plans.findRevision(db, year, revision);
  if (revision !== undefined && !asOf) throw invalidField('revision', 'invalid');
  // Side by side on the pool: a summary waits for one round trip, not two, while it holds its turn.
  const [rows, counts] = await allOf(db, [
    () => repo.poaRollup(db, year, asOf && { revisionId: asOf.id, until: asOf.approvedAt }),
    () => repo.poaLineCounts(db, year, asOf?.id ?? null),
  ]);
  const total = empty();
  const axes = new Map<string, { node: Figured; programs: Map<string, Figured> }>();
  for (const r of rows) {
    if (r.axis === null) {
      place(total, r);
      continue;
    }
    const axis = axes.get(r.axis) ?? { node: empty(), programs: new Map<string, Figured>() };
    axes.set(r.axis, axis);
    if (r.program === null) {
      place(axis.node, r);
      continue;
    }
    const program = axis.programs.get(r.program) ?? empty();
    axis.programs.set(r.program, program);
    place(program, r);
  }
  const byCode = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);
  return {
    year,
    revision: revision ?? null,
    lineCount: counts.reduce((n, c) => n + c.n, 0),
    axes: [...axes.entries()].sort(byCode).map(([code, a]) => ({
      code,
      ...a.node,
      programs: [...a.programs.entries()].sort(byCode).map(([program, node]) => ({
        code: program,
        lineCount: counts.find((c) => c.axis === code && c.program === program)?.n ?? 0,
        ...node,
      })),
    })),
    total,
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
  const cooperating: FunderSummary['cooperating'] = [];
  let total: FunderSummary['total'] | null = null;
  // Ordered by cooperating code, each cooperating's own row before its items; the total last.
  for (const r of rows) {
    if (r.level === 'total') total = { ceiling: r.ceilings!, ...r.figures };
    else if (r.level === 'cooperating')
      cooperating.push({
        id: r.cooperatingId!,
        code: r.code!,
        name: r.name!,
        currency: r.currency!,
        ceiling: r.ceiling!,
        active: r.active!,
        ...r.figures,
        items: [],
      });
    else if (r.itemId !== null)
      cooperating.at(-1)!.items.push({ id: r.itemId, code: r.itemCode!, name: r.itemName!, ...r.figures });
  }
  return {
    year: q.year ?? null,
    asOf: q.asOf ?? null,
    cooperating,
    total: total!,
  };
}
