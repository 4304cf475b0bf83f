import type { z } from 'zod';
import { todayInGuatemala, fromGuatemalaLocal } from '@amparo/shared/format';
import { MAX_DATE } from '@amparo/shared/validation';
import type { Delegation, delegationInput } from '@amparo/shared/modules/workflow.schema';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { createDelegation, endDelegation } from '../../lib/workflow/delegations.ts';
import { notify } from '../notifications/notifications.service.ts';
import { searchUserOptions } from '../users/users.service.ts';
import * as repo from './delegations.repository.ts';

/**
 * Delegations as staff manage them (issue 25 section 1, decision 0026): each user delegates their own approvals
 * (`from` is always the caller), for whole days in America/Guatemala, to one active colleague, in one workflow
 * or all. A user may never grant what they do not hold: a delegate acts only in the delegating user's name and
 * only where that user may act (the workflow checks the principal's keys and rules), so no key is needed to
 * delegate. Either side may end a delegation early (the delegate declines); nobody else sees or ends it.
 */

const ENTITY = 'workflow_delegation';

/** 'YYYY-MM-DD' plus one day. */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The instant a Guatemalan day starts. */
const dayStart = (date: string) => fromGuatemalaLocal(`${date}T00:00`);

function toDelegation(r: repo.DelegationRow, now: Date): Delegation {
  const from = new Date(r.valid_from);
  const until = r.valid_until ? new Date(r.valid_until) : null;
  const ended = r.ended_at ? new Date(r.ended_at) : null;
  const state = (ended && ended <= now) || (until && until <= now) ? 'ended' : from > now ? 'scheduled' : 'in_force';
  return {
    id: r.id,
    from: { id: r.from_user_id, name: r.from_name ?? '' },
    to: { id: r.to_user_id, name: r.to_name ?? '' },
    validFrom: todayInGuatemala(from),
    // The stored end is the start of the day after the last one.
    lastDay: until ? todayInGuatemala(new Date(until.getTime() - 1)) : null,
    workflow: r.workflow,
    state,
    createdByName: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    endedAt: ended ? ended.toISOString() : null,
  };
}

/** The caller's delegations, given and received, newest first, and the workflows one may be limited to. */
export async function listDelegations(db: Executor, actor: UserActor, workflows: readonly string[]) {
  const { given, received } = await repo.delegationsOf(db, actor.userId);
  const now = new Date();
  return {
    given: given.map((r) => toDelegation(r, now)),
    received: received.map((r) => toDelegation(r, now)),
    workflows: [...workflows],
  };
}

/** Active users the caller may delegate to (by name or username, at most 20): everyone active but themselves. */
export async function delegationUsers(db: Executor, actor: UserActor, q: string | undefined) {
  return (await searchUserOptions(db, q)).filter((u) => u.id !== actor.userId);
}

/**
 * The caller delegates their approvals to `toUserId` from the start of `validFrom` to the end of `lastDay`
 * (America/Guatemala; none: until ended), in `workflow` (one of `workflows`; none: all). In one transaction:
 * the row, its audit entry (before null, after the range) and a notice to the delegate
 * (`workflow.delegation_received`). 400 `validation`: `toUserId` `invalid` (not an active user),
 * `delegation_self`, `delegation_cycle` (lib/workflow/delegations.ts); `validFrom` `date_out_of_range` before
 * today; `lastDay` `date_order` before `validFrom`; `workflow` `invalid` when not a registered workflow.
 */
export async function delegate(
  db: Db,
  actor: UserActor,
  input: z.output<typeof delegationInput>,
  workflows: readonly string[],
): Promise<Delegation> {
  const today = todayInGuatemala();
  if (input.validFrom < today) throw invalidField('validFrom', 'date_out_of_range', { min: today, max: MAX_DATE });
  const workflow = input.workflow || null;
  if (workflow && !workflows.includes(workflow)) throw invalidField('workflow', 'invalid');
  return db.transaction(async (tx) => {
    if (input.toUserId !== actor.userId && !(await repo.isActiveUser(tx, input.toUserId)))
      throw invalidField('toUserId', 'invalid');
    const row = await createDelegation(tx, actor, {
      fromUserId: actor.userId,
      toUserId: input.toUserId,
      validFrom: dayStart(input.validFrom),
      validUntil: input.lastDay ? dayStart(nextDay(input.lastDay)) : null,
      workflow,
    });
    await writeAudit(tx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: row.id,
      changes: diff(null, {
        fromUserId: row.fromUserId,
        toUserId: row.toUserId,
        validFrom: input.validFrom,
        lastDay: input.lastDay,
        workflow,
      }),
    });
    const saved = (await repo.delegationById(tx, row.id))!;
    await notify(tx, actor, {
      kind: 'workflow.delegation_received',
      recipients: [row.toUserId],
      link: '/delegations',
      params: { from: saved.from_name ?? '' },
    });
    return toDelegation(saved, new Date());
  });
}

/**
 * Ends delegation `id` now (`POST /api/workflow/delegations/:id/end`), by the user who gave it or the one who
 * received it: from now on it is in force no more; one not started yet never will be. Audited (endedAt before
 * and after). 404 `not_found` for an unknown id or one of other users; 409 `delegation_ended` when it had
 * already ended.
 */
export async function endOwnDelegation(db: Db, actor: UserActor, id: string): Promise<Delegation> {
  return db.transaction(async (tx) => {
    const row = await repo.delegationById(tx, id);
    if (!row || (row.from_user_id !== actor.userId && row.to_user_id !== actor.userId)) throw notFound();
    const ended = await endDelegation(tx, actor, id);
    if (!ended) throw new AppError(409, 'delegation_ended');
    await writeAudit(tx, actor, {
      action: 'end',
      entity: ENTITY,
      entityId: id,
      changes: diff({ endedAt: null }, { endedAt: ended.endedAt!.toISOString() }),
    });
    return toDelegation({ ...row, ended_at: ended.endedAt }, new Date());
  });
}
