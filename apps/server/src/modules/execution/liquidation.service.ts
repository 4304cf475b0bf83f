import type { RequestRefund, liquidatorChangeInput, refundDepositInput } from '@amparo/shared/modules/invoices.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { AppError, invalidField, notFound, versionConflict } from '../../lib/errors.ts';
import { isActiveHolder } from '../users/users.service.ts';
import * as repo from './liquidation.repository.ts';
import { refundAnswer } from './liquidation.rules.ts';
import * as requests from './requests.repository.ts';
import { visibleRequest } from './requests.service.ts';

/*
 * A paid request's refund and a change of its liquidator (issue 27 sections 1–2, decision 0031); the liquidation's
 * own rules are in liquidation.rules.ts.
 */

/** The request's refund, locked, for a change at `version`: 404 without one, 409 `version_conflict` on a stale one. */
async function refundAt(tx: Executor, requestId: string, version: number) {
  const row = await repo.refundOf(tx, requestId, true);
  if (!row || row.status === 'void') throw notFound();
  if (row.version !== version) throw versionConflict();
  return row;
}

/** Writes the refund at `version` (409 `version_conflict` when another change came first), audited; answers it. */
async function writeRefund(
  tx: Executor,
  actor: UserActor,
  before: repo.ExpenseRequestRefundRow,
  version: number,
  values: Parameters<typeof repo.updateRefund>[3],
): Promise<RequestRefund> {
  const after = await repo.updateRefund(tx, before.id, version, values);
  if (!after) throw versionConflict();
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'expense_request_refund',
    entityId: before.id,
    changes: diff(before, after),
  });
  return refundAnswer(after)!;
}

/**
 * The deposit of a refund (`PUT /api/execution/requests/:id/refund`), by the request's liquidator (403
 * `forbidden`, `not_liquidator`): its number and date (not after today: 400 `invoice_after_today` on
 * `depositedOn`); a received refund is closed (409 `refund_received`). Audited. Answers the refund.
 */
export async function recordDeposit(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof refundDepositInput>,
): Promise<RequestRefund> {
  return db.transaction(async (tx) => {
    const request = await visibleRequest(tx, actor, id);
    if (request.liquidatorId !== actor.userId)
      throw new AppError(403, 'forbidden', [{ field: 'request', code: 'not_liquidator' }]);
    const before = await refundAt(tx, id, body.version);
    if (before.status === 'received') throw new AppError(409, 'refund_received');
    if (body.depositedOn > todayInGuatemala()) throw invalidField('depositedOn', 'invoice_after_today');
    return writeRefund(tx, actor, before, body.version, {
      depositNumber: body.depositNumber,
      depositedOn: body.depositedOn,
      status: 'deposited',
      updatedBy: actor.userId,
    });
  });
}

/**
 * Administration confirms a deposited refund on the account (`POST /api/execution/requests/:id/refund/receive`):
 * 409 `refund_not_deposited` before the liquidator recorded the deposit. Audited. Answers the refund.
 */
export async function receiveRefund(db: Db, actor: UserActor, id: string, version: number): Promise<RequestRefund> {
  return db.transaction(async (tx) => {
    await visibleRequest(tx, actor, id);
    const before = await refundAt(tx, id, version);
    if (before.status !== 'deposited') throw new AppError(409, 'refund_not_deposited');
    return writeRefund(tx, actor, before, version, {
      status: 'received',
      receivedAt: new Date(),
      receivedBy: actor.userId,
      updatedBy: actor.userId,
    });
  });
}

/** The statuses in which a request's liquidator can change: paid, not yet liquidated. */
const OPEN_FOR_LIQUIDATOR = ['emision_cheque', 'liquidado_temp', 'enviado_liquidacion'];

/**
 * Changes a request's liquidator (`PUT /api/execution/requests/:id/liquidator`, issue 27 section 2), by
 * administration, with a reason, in one transaction: the new one is an active user holding `ejecucion` (400
 * `invalid` on `liquidatorId`; the same one: `unchanged`); 409 `liquidator_closed` once the liquidation is
 * approved or the request rejected; 409 `version_conflict` on a stale request. Kept in the request's changes of
 * liquidator and audited; the request's version moves on.
 */
export async function changeLiquidator(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof liquidatorChangeInput>,
) {
  await db.transaction(async (tx) => {
    await visibleRequest(tx, actor, id);
    const row = (await requests.findRequest(tx, id, true))!;
    if (row.version !== body.version) throw versionConflict();
    if (!OPEN_FOR_LIQUIDATOR.includes(row.status)) throw new AppError(409, 'liquidator_closed');
    if (body.liquidatorId === row.liquidatorId) throw invalidField('liquidatorId', 'unchanged');
    if (!(await isActiveHolder(tx, body.liquidatorId, 'ejecucion'))) throw invalidField('liquidatorId', 'invalid');
    await requests.updateRequest(tx, id, { liquidatorId: body.liquidatorId, updatedBy: actor.userId });
    await repo.insertLiquidatorChange(tx, {
      requestId: id,
      fromUserId: row.liquidatorId,
      toUserId: body.liquidatorId,
      reason: body.reason,
      changedBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'expense_request',
      entityId: id,
      changes: {
        liquidatorId: { before: row.liquidatorId, after: body.liquidatorId },
        reason: { before: null, after: body.reason },
      },
    });
  });
}
