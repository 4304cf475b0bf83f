import { sql } from 'drizzle-orm';
import type { RefundStatus } from '@amparo/shared/modules/invoices.schema';
import type { Executor } from '../../db/client.ts';

/** A refund in administration's register: its request, liquidator and deposit. */
export interface RefundRow {
  requestId: string;
  year: number;
  sequence: number;
  description: string;
  liquidatorName: string;
  amount: string;
  status: RefundStatus;
  depositNumber: string | null;
  depositedOn: string | null;
  receivedAt: Date | null;
  updatedAt: Date;
}

/**
 * The refunds owed or given back, in one status (none: every status but `void`), oldest change first (what has
 * waited longest on top), a page of them and how many there are.
 */
export async function listRefunds(
  db: Executor,
  q: { status?: RefundStatus; page: number; pageSize: number },
): Promise<{ items: RefundRow[]; total: number }> {
  const where = q.status ? sql`f.status = ${q.status}` : sql`f.status <> 'void'`;
  const result = await db.execute<{
    request_id: string;
    year: number;
    sequence: number;
    description: string;
    liquidator_name: string;
    amount: string;
    status: RefundStatus;
    deposit_number: string | null;
    deposited_on: string | null;
    received_at: string | null;
    updated_at: string;
    total: number;
  }>(sql`
    select f.request_id, r.year, r.sequence, r.description, u.full_name as liquidator_name, f.amount::text as amount,
           f.status, f.deposit_number, f.deposited_on::text as deposited_on, f.received_at, f.updated_at,
           count(*) over ()::int as total
      from expense_request_refunds f
      join expense_requests r on r.id = f.request_id
      join users u on u.id = r.liquidator_id
     where ${where}
     order by f.updated_at, f.id
     limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  return {
    items: result.rows.map((r) => ({
      requestId: r.request_id,
      year: Number(r.year),
      sequence: Number(r.sequence),
      description: r.description,
      liquidatorName: r.liquidator_name,
      amount: r.amount,
      status: r.status,
      depositNumber: r.deposit_number,
      depositedOn: r.deposited_on,
      receivedAt: r.received_at ? new Date(r.received_at) : null,
      updatedAt: new Date(r.updated_at),
    })),
    total: result.rows[0] ? Number(result.rows[0].total) : 0,
  };
}
