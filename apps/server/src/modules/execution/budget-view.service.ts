import { money, moneyString } from '@amparo/shared/money';
import { requestNumber, type RequestStatus } from '@amparo/shared/modules/execution.schema';
import type {
  ExecutionBudget,
  ExecutionBudgetFilters,
  ExecutionBudgetQuery,
  ExecutionBudgetRequest,
} from '@amparo/shared/modules/execution-budget.schema';
import type { Executor } from '../../db/client.ts';
import * as repo from './budget-view.repository.ts';

/** A row's figures as answered: available = assigned − committed − executed; executed over assigned (%, 1 place). */
function figures(r: repo.FigureRow) {
  const assigned = money(r.assigned);
  const executed = money(r.executed);
  return {
    planned: r.planned,
    assigned: r.assigned,
    committed: r.committed,
    executed: r.executed,
    available: moneyString(assigned.minus(r.committed).minus(executed)),
    executedPercent: assigned.isZero() ? null : executed.times(100).dividedBy(assigned).toFixed(1),
  };
}

/**
 * The budget's execution (`GET /api/execution/budget`, issue 27 section 3): per strategic axis, program, expense
 * type (codes of the planning catalogs), cooperating or item (with their names) of a year's lines in its months
 * `fromMonth`–`toMonth`: planned (lines' dimensions only), assigned, committed, executed, available (Q) and
 * executed over assigned (%), with their total; narrowed by the codes and ids given (a drill-down). Rows by key.
 */
export async function executionBudget(db: Executor, q: ExecutionBudgetQuery): Promise<ExecutionBudget> {
  const { by, ...filters } = q;
  const rows = await repo.figureRows(db, by, filters);
  const total = rows.find((r) => r.key === null);
  const keyed = rows.filter((r) => r.key !== null);
  const names = await repo.funderNames(
    db,
    by === 'cooperating' ? keyed.map((r) => r.key!) : [],
    by === 'item' ? keyed.map((r) => r.key!) : [],
  );
  const nameOf = (key: string) =>
    by === 'cooperating' ? (names.cooperating.get(key) ?? null) : by === 'item' ? (names.items.get(key) ?? null) : null;
  const empty: repo.FigureRow = {
    key: null,
    axis: null,
    cooperatingId: null,
    planned: repo.hasPlan(by, filters) ? '0.00' : null,
    assigned: '0.00',
    committed: '0.00',
    executed: '0.00',
  };
  return {
    year: q.year,
    fromMonth: q.fromMonth,
    toMonth: q.toMonth,
    by,
    rows: keyed.map((r) => ({
      key: r.key!,
      name: nameOf(r.key!),
      axis: r.axis,
      cooperatingId: r.cooperatingId,
      ...figures(r),
    })),
    total: figures(total ?? empty),
  };
}

/**
 * The requests behind the view's figures (`GET /api/execution/budget/requests`): the year's requests of the
 * months asked with an item on a line the filters keep (and, narrowed to a funder, drawing on it), newest first,
 * each with what it holds committed and executed there (Q) and how many invoices its liquidation has; paged,
 * counted up to four pages past the one asked (`totalCapped`).
 */
export async function requestsBehind(
  db: Executor,
  q: ExecutionBudgetFilters & { page: number; pageSize: number },
): Promise<{ items: ExecutionBudgetRequest[]; page: number; pageSize: number; total: number; totalCapped: boolean }> {
  const { page, pageSize, ...filters } = q;
  const { items, total, capped } = await repo.requestsBehind(db, filters, { page, pageSize });
  return {
    items: items.map((r) => ({
      id: r.id,
      number: requestNumber(r.year, r.sequence),
      description: r.description,
      status: r.status as RequestStatus,
      requesterName: r.requesterName,
      committed: r.committed,
      executed: r.executed,
      invoices: r.invoices,
    })),
    page,
    pageSize,
    total,
    totalCapped: capped,
  };
}
