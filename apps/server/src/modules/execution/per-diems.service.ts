import type { z } from 'zod';
import { money, moneyString } from '@amparo/shared/money';
import type { PerDiemInput, RequestPerDiems, perDiemUpdate } from '@amparo/shared/modules/per-diems.schema';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { AppError, invalidField, notFound, versionConflict } from '../../lib/errors.ts';
import { valueAt } from '../../lib/settings/settings.ts';
import { liquidated } from './invoices.service.ts';
import * as repo from './per-diems.repository.ts';
import * as requests from './requests.repository.ts';
import { visibleRequest } from './requests.service.ts';

/*
 * A travel-expenses request's per diems (issue 27 section 1, decision 0033): its liquidator writes them while the
 * liquidation is open, as the invoices; they count in the liquidation beside the invoices (`liquidation.rules.ts`).
 */

const ENTITY = 'expense_request_per_diem';

/** Days from departure to return, both counted ('2026-03-02' to '2026-03-04' is 3). */
function tripDays(departure: string, back: string): number {
  return Math.round((Date.parse(`${back}T12:00:00Z`) - Date.parse(`${departure}T12:00:00Z`)) / 86_400_000) + 1;
}

/** The daily maximum in force on the trip's departure (Q, the dated setting `per_diem_daily_max`). */
const dailyMaxOf = (db: Executor, request: requests.ExpenseRequestRow) =>
  valueAt(db, 'per_diem_daily_max', request.departureDate!);

/**
 * A per diem's columns from its input, checked against its request: a travel-expenses request (409
 * `per_diem_not_travel`); the traveller is one of the trip's (400 `not_a_traveller` on `travellerId`); the days at
 * most the trip's (`per_diem_days_exceed` on `days`, params max); the rate at most the daily maximum in force on
 * the departure (`per_diem_above_rate` on `dailyRate`, params max; 409 `setting_missing` without one). The amount
 * is days × rate, rounded to the centavo.
 */
async function perDiemColumns(tx: Executor, request: requests.ExpenseRequestRow, body: PerDiemInput) {
  if (request.type !== 'travel_expenses' || !request.departureDate || !request.returnDate)
    throw new AppError(409, 'per_diem_not_travel');
  const travellers = await requests.travellersOf(tx, request.id);
  if (!travellers.some((t) => t.id === body.travellerId)) throw invalidField('travellerId', 'not_a_traveller');
  const max = tripDays(request.departureDate, request.returnDate);
  if (Number(body.days) > max) throw invalidField('days', 'per_diem_days_exceed', { max });
  const dailyMax = await dailyMaxOf(tx, request);
  if (money(body.dailyRate).greaterThan(dailyMax))
    throw invalidField('dailyRate', 'per_diem_above_rate', { max: moneyString(money(dailyMax)) });
  return {
    travellerId: body.travellerId,
    destination: body.destination,
    days: body.days,
    dailyRate: body.dailyRate,
    amount: moneyString(money(body.days).times(body.dailyRate)),
  };
}

async function perDiemsAnswer(db: Executor, request: requests.ExpenseRequestRow): Promise<RequestPerDiems> {
  const rows = await repo.perDiemsOf(db, request.id);
  const travel = request.type === 'travel_expenses' && request.departureDate;
  return {
    items: rows.map(({ perDiem: p, travellerName }) => ({
      id: p.id,
      travellerId: p.travellerId,
      travellerName,
      destination: p.destination,
      days: p.days,
      dailyRate: p.dailyRate,
      amount: p.amount,
      version: p.version,
    })),
    total: moneyString(money(await repo.perDiemTotal(db, request.id))),
    dailyMax: travel ? await dailyMaxOrNull(db, request) : null,
  };
}

/** The daily maximum (Q) for the answer, or null when none is in force on the departure (a read never fails on it). */
async function dailyMaxOrNull(db: Executor, request: requests.ExpenseRequestRow): Promise<string | null> {
  try {
    return moneyString(money(await dailyMaxOf(db, request)));
  } catch (err) {
    if (err instanceof AppError && err.code === 'setting_missing') return null;
    throw err;
  }
}

/**
 * `GET /api/execution/requests/:id/per-diems`: the request's per diems, their total and the daily maximum (Q), for
 * whoever may open the request (404 otherwise).
 */
export async function listPerDiems(db: Db, actor: UserActor, id: string) {
  const request = await visibleRequest(db, actor, id);
  return perDiemsAnswer(db, request);
}

/**
 * `POST /api/execution/requests/:id/per-diems`: adds a per diem, by the request's liquidator while its liquidation
 * is open (403 `not_liquidator`, 409 `liquidation_closed`), checked by `perDiemColumns`, audited. Answers the list.
 */
export async function addPerDiem(db: Db, actor: UserActor, id: string, body: PerDiemInput) {
  return db.transaction(async (tx) => {
    const request = await liquidated(tx, actor, id);
    const row = await repo.insertPerDiem(tx, {
      requestId: id,
      ...(await perDiemColumns(tx, request, body)),
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    await writeAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: row.id, changes: diff(null, row) });
    return perDiemsAnswer(tx, request);
  });
}

/**
 * `PUT /api/execution/requests/:id/per-diems/:perDiem`: rewrites one as `addPerDiem` checks it; 404 when it is not
 * the request's, 409 `version_conflict` on a stale version. Audited with before and after.
 */
export async function updatePerDiem(
  db: Db,
  actor: UserActor,
  id: string,
  perDiemId: string,
  body: z.output<typeof perDiemUpdate>,
) {
  return db.transaction(async (tx) => {
    const request = await liquidated(tx, actor, id);
    const before = await repo.findPerDiem(tx, id, perDiemId);
    if (!before) throw notFound();
    if (before.version !== body.version) throw versionConflict();
    const after = await repo.updatePerDiem(tx, perDiemId, body.version, {
      ...(await perDiemColumns(tx, request, body)),
      updatedBy: actor.userId,
    });
    if (!after) throw versionConflict();
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: perDiemId,
      changes: diff(before, after),
    });
    return perDiemsAnswer(tx, request);
  });
}

/** `DELETE /api/execution/requests/:id/per-diems/:perDiem`: removes one, audited; 404 when not the request's. */
export async function removePerDiem(db: Db, actor: UserActor, id: string, perDiemId: string) {
  return db.transaction(async (tx) => {
    const request = await liquidated(tx, actor, id);
    const before = await repo.findPerDiem(tx, id, perDiemId);
    if (!before) throw notFound();
    await repo.deletePerDiem(tx, perDiemId);
    await writeAudit(tx, actor, { action: 'delete', entity: ENTITY, entityId: perDiemId, changes: diff(before, null) });
    return perDiemsAnswer(tx, request);
  });
}
