import { requestNumber } from '@amparo/shared/modules/execution.schema';
import type { RefundListItem, RefundStatus } from '@amparo/shared/modules/invoices.schema';
import type { Executor } from '../../db/client.ts';
import * as repo from './refunds.repository.ts';

/**
 * Administration's register of refunds (`GET /api/execution/refunds`, issue 27 section 1: a refund is "tracked
 * until received"): in one status, or every one owed or given back; the longest unchanged first. Each with its
 * request (number, description), liquidator, amount (Q) and deposit. Paged, `total` exact.
 */
export async function listRefunds(
  db: Executor,
  q: { status?: RefundStatus; page: number; pageSize: number },
): Promise<{ items: RefundListItem[]; page: number; pageSize: number; total: number; totalCapped: false }> {
  const { items, total } = await repo.listRefunds(db, q);
  return {
    items: items.map((r) => ({
      requestId: r.requestId,
      requestNumber: requestNumber(r.year, r.sequence),
      description: r.description,
      liquidatorName: r.liquidatorName,
      amount: r.amount,
      status: r.status,
      depositNumber: r.depositNumber,
      depositedOn: r.depositedOn,
      receivedAt: r.receivedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    page: q.page,
    pageSize: q.pageSize,
    total,
    totalCapped: false,
  };
}
