import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { invalidField } from '../errors.ts';
import { freshAlias, type WorkflowPeople } from './people.ts';
import { workflowDelegations, type WorkflowDelegationRow } from './workflow.table.ts';

/**
 * Acting for another (issue 25 section 1, decision 0026): a row of `workflow_delegations` lets its `to` user take,
 * in the name of its `from` user, what the `from` user may take, over [validFrom, validUntil), in one workflow or
 * all. Bounds: no self-delegation; no cycle (a delegation whose reverse is in force over an overlapping range and
 * scope is refused); depth 1: a delegate acts only for those who delegated to them directly, never for whom their
 * own principal acts (a chain a → b → c does not let c act for a).
 */

/** A principal in force for a delegate: who delegated to them, and that user's name. */
export interface Principal {
  id: string;
  name: string;
}

/** SQL: where the row alias `d` stops being in force: its planned end or its early end, the sooner; null: never. */
const endOf = (d: ReturnType<typeof freshAlias>) => sql`least(${d}.valid_until, ${d}.ended_at)`;

/** SQL: the delegation row alias `d` is in force at `at` for `workflow`. */
const inForce = (d: ReturnType<typeof freshAlias>, workflow: string, at: Date) =>
  sql`${d}.valid_from <= ${at.toISOString()}::timestamptz and (${endOf(d)} is null or ${endOf(d)} > ${at.toISOString()}::timestamptz) and (${d}.workflow is null or ${d}.workflow = ${workflow})`;

/**
 * The users `delegateId` may act for in `workflow` at `at` (default now), with their names, by name: the
 * delegations in force to them whose principal is an active user. Depth 1 (see above).
 */
export async function principalsOf(
  db: Executor,
  people: WorkflowPeople,
  delegateId: string,
  workflow: string,
  at: Date = new Date(),
): Promise<Principal[]> {
  const d = freshAlias('wfd');
  const p = freshAlias();
  const rows = await db.execute<{ id: string; name: string }>(sql`
    select distinct ${d}.from_user_id as id, ${p}.name as name
    from ${workflowDelegations} ${d} join ${people.relation} ${p} on ${p}.user_id = ${d}.from_user_id and ${p}.active
    where ${d}.to_user_id = ${delegateId}::uuid and ${inForce(d, workflow, at)}
    order by 2`);
  return rows.rows.map((r) => ({ id: r.id, name: r.name }));
}

/** Whether a delegation from `principalId` to `delegateId` is in force for `workflow` at `at`. */
export async function delegationInForce(
  db: Executor,
  principalId: string,
  delegateId: string,
  workflow: string,
  at: Date = new Date(),
): Promise<boolean> {
  const d = freshAlias('wfd');
  const rows = await db.execute(sql`select 1 from ${workflowDelegations} ${d}
    where ${d}.from_user_id = ${principalId}::uuid and ${d}.to_user_id = ${delegateId}::uuid and ${inForce(d, workflow, at)}
    limit 1`);
  return rows.rows.length > 0;
}

/** SQL: the delegates (`to_user_id`) of the principal `principal` (SQL) in force for `workflow` now, as a subquery. */
export function delegatesSql(principal: ReturnType<typeof sql>, workflow: string, at: Date = new Date()) {
  const d = freshAlias('wfd');
  return sql`(select ${d}.to_user_id from ${workflowDelegations} ${d} where ${d}.from_user_id = ${principal} and ${inForce(d, workflow, at)})`;
}

export interface DelegationInput {
  fromUserId: string;
  toUserId: string;
  /** Start of the range (instant; a local date's start is `fromGuatemalaLocal('YYYY-MM-DDT00:00')`). */
  validFrom: Date;
  /** End of the range, excluded; null: until ended. */
  validUntil?: Date | null;
  /** One workflow's name (`plan_year`), or null for every workflow. */
  workflow?: string | null;
}

/**
 * Records a delegation, created by `actor` (who may create it is the calling module's rule); run it in a
 * transaction: the pair's lock (an advisory lock on the two users, in either order) holds until it ends, so two
 * opposite delegations written at once cannot both pass the cycle check. 400 `validation`: `toUserId`
 * `delegation_self` when from and to are one user; `validUntil` `invalid` when it is not after `validFrom`;
 * `toUserId` `delegation_cycle` when `toUserId` already delegates to `fromUserId` over an overlapping range and
 * scope (a cycle; a delegation ended early counts up to its end). Returns the row.
 */
export async function createDelegation(
  db: Executor,
  actor: Actor,
  input: DelegationInput,
): Promise<WorkflowDelegationRow> {
  if (input.fromUserId === input.toUserId) throw invalidField('toUserId', 'delegation_self');
  const until = input.validUntil ?? null;
  if (until && until <= input.validFrom) throw invalidField('validUntil', 'invalid');
  const workflow = input.workflow ?? null;
  const pair = [input.fromUserId, input.toUserId].sort().join(':');
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`workflow_delegation:${pair}`}))`);
  const d = freshAlias('wfd');
  const reverse = await db.execute(sql`select 1 from ${workflowDelegations} ${d}
    where ${d}.from_user_id = ${input.toUserId}::uuid and ${d}.to_user_id = ${input.fromUserId}::uuid
      and (${endOf(d)} is null or ${endOf(d)} > ${input.validFrom.toISOString()}::timestamptz)
      and (${until === null ? sql`true` : sql`${d}.valid_from < ${until.toISOString()}::timestamptz`})
      and (${d}.workflow is null or ${workflow}::text is null or ${d}.workflow = ${workflow}::text)
    limit 1`);
  if (reverse.rows.length) throw invalidField('toUserId', 'delegation_cycle');
  const [row] = await db
    .insert(workflowDelegations)
    .values({
      fromUserId: input.fromUserId,
      toUserId: input.toUserId,
      validFrom: input.validFrom,
      validUntil: until,
      workflow,
      createdBy: actor.userId,
    })
    .returning();
  return row!;
}

/**
 * Ends a delegation early, at `at` (default now), by `actor` (who may end it is the calling module's rule): from
 * then on it is in force no more; its planned range stays as recorded. Returns the row, or null when it had
 * already ended (early, or past its planned end), when nothing changes.
 */
export async function endDelegation(
  db: Executor,
  actor: Actor,
  id: string,
  at: Date = new Date(),
): Promise<WorkflowDelegationRow | null> {
  const d = workflowDelegations;
  const [row] = await db
    .update(d)
    .set({ endedAt: at, endedBy: actor.userId })
    .where(
      and(
        eq(d.id, id),
        isNull(d.endedAt),
        or(isNull(d.validUntil), sql`${d.validUntil} > ${at.toISOString()}::timestamptz`),
      ),
    )
    .returning();
  return row ?? null;
}
