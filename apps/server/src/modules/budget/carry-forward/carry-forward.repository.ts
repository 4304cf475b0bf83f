import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import type { CarryForward } from '@amparo/shared/modules/assignment.schema';

/** The carry-forward documents' reads (issue 13 section 4), for carry-forward.service.ts. */

/**
 * The documents from or to `q.year` (and of `q.itemId`, or the one `q.id`), with their item, cooperating, requester
 * and the last decision of `workflow` (who, when, why); newest first. Raw rows (snake_case).
 */
export async function carryForwardRows(
  db: Executor,
  q: { year?: number | null; itemId?: string | null; id?: string | null },
  workflow: string,
) {
  const result = await db.execute<{
    id: string;
    item_id: string;
    item_code: string;
    item_name: string;
    cooperating_id: string;
    cooperating_code: string;
    from_year: number;
    to_year: number;
    amount: string;
    reason: string;
    status: CarryForward['status'];
    requested_by: string | null;
    requested_by_name: string | null;
    decided_by_name: string | null;
    decided_at: string | Date | null;
    decision_reason: string | null;
    created_at: string | Date;
    version: number;
  }>(sql`
    select f.id, f.item_id, i.code as item_code, i.name as item_name, f.cooperating_id, c.code as cooperating_code,
           f.from_year, f.to_year, f.amount::text, f.reason, f.status, f.requested_by,
           ru.full_name as requested_by_name,
           du.full_name as decided_by_name, h.at as decided_at, h.reason as decision_reason, f.created_at, f.version
      from budget_carry_forwards f
      join cooperating_items i on i.id = f.item_id
      join cooperating c on c.id = f.cooperating_id
      left join users ru on ru.id = f.requested_by
      left join lateral (
        select actor_id, at, reason from workflow_history
         where workflow = ${workflow} and record_id = f.id order by id desc limit 1
      ) h on true
      left join users du on du.id = h.actor_id
     where (${q.year ?? null}::int is null or f.from_year = ${q.year ?? null}::int or f.to_year = ${q.year ?? null}::int)
       and (${q.itemId ?? null}::uuid is null or f.item_id = ${q.itemId ?? null}::uuid)
       and (${q.id ?? null}::uuid is null or f.id = ${q.id ?? null}::uuid)
     order by f.created_at desc, f.id`);
  return result.rows;
}
