import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { workflowDelegations } from '../../lib/workflow/workflow.table.ts';
import { workflowPeople } from '../users/users.service.ts';

/** A delegation row with the names of its users (the people relation of the users module). */
export type DelegationRow = {
  id: string;
  from_user_id: string;
  from_name: string | null;
  to_user_id: string;
  to_name: string | null;
  valid_from: Date | string;
  valid_until: Date | string | null;
  workflow: string | null;
  created_by_name: string | null;
  created_at: Date | string;
  ended_at: Date | string | null;
};

const p = workflowPeople.relation;

/** The delegations `where` selects, newest first, at most `limit`. */
async function rows(db: Executor, where: ReturnType<typeof sql>, limit: number): Promise<DelegationRow[]> {
  const d = workflowDelegations;
  const result = await db.execute<DelegationRow>(sql`
    select ${d.id} as id, ${d.fromUserId} as from_user_id, fp.name as from_name, ${d.toUserId} as to_user_id,
      tp.name as to_name, ${d.validFrom} as valid_from, ${d.validUntil} as valid_until, ${d.workflow} as workflow,
      cp.name as created_by_name, ${d.createdAt} as created_at, ${d.endedAt} as ended_at
    from ${d}
      left join ${p} fp on fp.user_id = ${d.fromUserId}
      left join ${p} tp on tp.user_id = ${d.toUserId}
      left join ${p} cp on cp.user_id = ${d.createdBy}
    where ${where}
    order by ${d.createdAt} desc, ${d.id}
    limit ${limit}`);
  return result.rows;
}

/** The delegations `userId` gave or received (the newest 200 of each). */
export async function delegationsOf(db: Executor, userId: string) {
  const d = workflowDelegations;
  const [given, received] = await Promise.all([
    rows(db, sql`${d.fromUserId} = ${userId}::uuid`, 200),
    rows(db, sql`${d.toUserId} = ${userId}::uuid`, 200),
  ]);
  return { given, received };
}

/** One delegation by id, or undefined. */
export async function delegationById(db: Executor, id: string): Promise<DelegationRow | undefined> {
  return (await rows(db, sql`${workflowDelegations.id} = ${id}::uuid`, 1))[0];
}

/** Whether `userId` is an active user. */
export async function isActiveUser(db: Executor, userId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from ${p} u where u.user_id = ${userId}::uuid and u.active`);
  return result.rows.length > 0;
}
