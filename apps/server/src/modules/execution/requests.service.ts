import type { z } from 'zod';
import type { FieldError } from '@amparo/shared/errors';
import { money, moneyString, sumMoney, type Money } from '@amparo/shared/money';
import {
  requestNumber,
  requestTypeProblems,
  type RequestApproval,
  type RequestPayment,
  type paymentRegisterQuery,
  type quoteInput,
  type requestTransitionInput,
  type ExpenseRequest,
  type RequestStatus,
  type RequestType,
  type requestInput,
  type requestListQuery,
  type requestUpdate,
} from '@amparo/shared/modules/execution.schema';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { AppError, invalidFields, notFound, versionConflict } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  allowedTransitions,
  applyTransition,
  historyEntries,
  transitionsFor,
  workflowHistoryOf,
  workflowSteps,
} from '../../lib/workflow/workflow.ts';
import { hasPermission } from '@amparo/shared/permissions';
import { commit, release, type SpendCell } from '../budget/spending/spending.ts';
import { listAgreements } from '../providers/agreements.service.ts';
import { userNames } from '../users/users.service.ts';
import { cellChanges, cellsOf, itemAmount, REQUEST_SOURCE } from './requests.budget.ts';
import {
  checkReplenishment,
  linkReplenishment,
  onCountTaken,
  pettyCashOfRequest,
  type Replenishment,
} from './petty-cash.service.ts';
import { comparisonOf } from './requests.comparison.ts';
import * as repo from './requests.repository.ts';
import { liquidatorChangesOf } from './liquidation.repository.ts';
import { requestWorkflow, tellNextApprovers } from './requests.workflow.ts';

type WorkflowRow = repo.ExpenseRequestRow & { status: RequestStatus };

/**
 * Expense requests (issue 26 section 3, keys `ejecucion`, `ejecucion_solicitudes`): created in `solicitado`,
 * numbered without gaps per year, their items' amounts committed on the items' planning lines for the request's
 * month through the budget's one spending call (`commit`/`release`, issue 25 section 2), in the same transaction
 * as the request: a request the plan cannot pay is refused with the figures and nothing is written. Audited
 * (entity `expense_request`, before and after).
 */

const ENTITY = 'expense_request';

type Body = z.output<typeof requestInput>;
type Parts = Omit<Body, 'type' | 'confirmWarning' | 'override'>;

/**
 * The checks that need the database, all reported at once (400 `validation`): every item's line exists
 * (`unknown_code`) and is of the request's year (`line_other_year`, params year, requestYear); the providers
 * exist (`unknown_code`) and are active (`provider_inactive`); the travellers exist and are active (`inactive`).
 */
async function checkParts(db: Executor, body: Parts) {
  const errors: FieldError[] = [];
  const lines = new Map(
    (await repo.lineFacts(db, [...new Set(body.items.map((i) => i.lineId))])).map((l) => [l.id, l]),
  );
  body.items.forEach((item, i) => {
    const line = lines.get(item.lineId);
    if (!line) errors.push({ field: `items.${i}.lineId`, code: 'unknown_code' });
    else if (line.year !== body.year)
      errors.push({
        field: `items.${i}.lineId`,
        code: 'line_other_year',
        params: { year: line.year, requestYear: body.year },
      });
  });
  const providerStates = new Map((await repo.providerStates(db, body.providerIds)).map((p) => [p.id, p.active]));
  body.providerIds.forEach((id, i) => {
    const active = providerStates.get(id);
    if (active === undefined) errors.push({ field: `providerIds.${i}`, code: 'unknown_code' });
    else if (!active) errors.push({ field: `providerIds.${i}`, code: 'provider_inactive' });
  });
  const travellerIds = body.travel?.travellerIds ?? [];
  const userStates = new Map((await repo.userStates(db, travellerIds)).map((u) => [u.id, u.active]));
  travellerIds.forEach((id, i) => {
    const active = userStates.get(id);
    if (active === undefined) errors.push({ field: `travel.travellerIds.${i}`, code: 'unknown_code' });
    else if (!active) errors.push({ field: `travel.travellerIds.${i}`, code: 'inactive' });
  });
  if (errors.length) throw invalidFields(errors);
}

/**
 * The budget's refusal with its fields moved from the cells to the request's items: `cells.N.x` becomes
 * `items.K.lineId`, K the first item drawing on that cell's line, so the figures show under the line chosen.
 */
function onItems(err: unknown, cells: SpendCell[], items: { lineId: string }[]): never {
  if (!(err instanceof AppError) || !err.fieldErrors.some((e) => e.field.startsWith('cells.'))) throw err;
  const fieldErrors = err.fieldErrors.map((e) => {
    const m = /^cells\.(\d+)\./.exec(e.field);
    if (!m) return e;
    const k = items.findIndex((i) => i.lineId === cells[Number(m[1])]?.lineId);
    return { ...e, field: `items.${Math.max(k, 0)}.lineId` };
  });
  throw new AppError(err.status, err.code, fieldErrors, err.headers);
}

/** The written columns and parts of a body. */
function columnsOf(body: Parts) {
  const items = body.items.map((i) => ({ ...i, amount: itemAmount(i.quantity, i.unitPrice) }));
  const t = body.travel;
  return {
    items,
    total: sumMoney(items.map((i) => i.amount)),
    columns: {
      year: body.year,
      month: body.month,
      description: body.description,
      justification: body.justification,
      urgent: body.urgent,
      executionDate: body.executionDate,
      destination: t?.destination ?? null,
      departureDate: t?.departureDate ?? null,
      returnDate: t?.returnDate ?? null,
      directions: t?.directions ?? null,
      exitPassNumber: t?.exitPassNumber ?? null,
    },
  };
}

async function writeParts(tx: Executor, id: string, body: Parts, items: ReturnType<typeof columnsOf>['items']) {
  await repo.replaceParts(tx, id, {
    items: items.map((i) => ({
      lineId: i.lineId,
      description: i.description,
      unit: i.unit,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      amount: moneyString(i.amount),
    })),
    providerIds: body.providerIds,
    travellerIds: body.travel?.travellerIds ?? [],
  });
}

async function toRequest(db: Executor, actor: UserActor, r: repo.ExpenseRequestRow): Promise<ExpenseRequest> {
  const record = r as WorkflowRow;
  const items = await repo.itemsOf(db, r.id);
  const providers = await repo.providersOf(db, r.id);
  const travellers = await repo.travellersOf(db, r.id);
  const requester = await userNames(db, [r.requesterId, r.liquidatorId]);
  const liquidatorChanges = await liquidatorChangesOf(db, r.id);
  const approvals = await repo.approvalsOf(db, r.id);
  const payments = await repo.paymentsOf(db, r.id);
  const history = await historyEntries(db, requestWorkflow, r.id);
  const { allowed, refused } = await transitionsFor(db, requestWorkflow, record, actor);
  const lines = new Map<string, { lineId: string; lineDescription: string; amount: Money }>();
  for (const { item, lineDescription } of items) {
    const line = lines.get(item.lineId) ?? { lineId: item.lineId, lineDescription, amount: money(0) };
    line.amount = line.amount.plus(item.amount);
    lines.set(item.lineId, line);
  }
  return {
    id: r.id,
    number: requestNumber(r.year, r.sequence),
    type: r.type as RequestType,
    status: r.status as RequestStatus,
    year: r.year,
    month: r.month,
    requesterId: r.requesterId,
    requesterName: requester.get(r.requesterId) ?? '',
    liquidatorId: r.liquidatorId,
    liquidatorName: requester.get(r.liquidatorId) ?? '',
    liquidatorChanges: liquidatorChanges.map((c) => ({ ...c, at: c.at.toISOString() })),
    description: r.description,
    justification: r.justification,
    urgent: r.urgent,
    executionDate: r.executionDate,
    total: r.total,
    items: items.map(({ item, lineDescription }) => ({
      id: item.id,
      lineId: item.lineId,
      lineDescription,
      description: item.description,
      unit: item.unit,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      amount: item.amount,
    })),
    lines: [...lines.values()].map((l) => ({ ...l, amount: moneyString(l.amount) })),
    providers,
    travel:
      r.type === 'travel_expenses'
        ? {
            destination: r.destination ?? '',
            departureDate: r.departureDate ?? '',
            returnDate: r.returnDate ?? '',
            directions: (r.directions ?? []) as ('go' | 'return')[],
            exitPassNumber: r.exitPassNumber,
            travellers,
          }
        : null,
    pettyCash: r.type === 'petty_cash' ? await pettyCashOfRequest(db, r.id) : null,
    needsSuperior: r.needsSuperior,
    approvals: approvals.map((a) => ({
      id: a.id,
      stage: a.stage as RequestApproval['stage'],
      amount: a.amount,
      requestVersion: a.requestVersion,
      approvedByName: a.approvedByName,
      actingForName: a.actingForName,
      at: a.at.toISOString(),
      voidedAt: a.voidedAt?.toISOString() ?? null,
      voidReason: a.voidReason,
    })),
    payments: payments.map(({ requestId: _r, ...p }) => ({
      ...p,
      method: p.method as RequestPayment['method'],
      issuedAt: p.issuedAt.toISOString(),
      voidedAt: p.voidedAt?.toISOString() ?? null,
    })),
    comparison: r.type === 'purchase_order' ? await comparisonOf(db, r) : null,
    allowed,
    refused,
    steps: workflowSteps(requestWorkflow, r.status, history),
    history,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The audited fields of a request (its workflow is in its history). */
const pick = (r: ExpenseRequest) => ({
  type: r.type,
  status: r.status,
  year: r.year,
  month: r.month,
  description: r.description,
  justification: r.justification,
  urgent: r.urgent,
  executionDate: r.executionDate,
  total: r.total,
  items: r.items.map(({ id: _id, lineDescription: _d, ...item }) => item),
  providers: r.providers.map((p) => p.id),
  travel: r.travel && { ...r.travel, travellers: r.travel.travellers.map((t) => t.id) },
  pettyCash: r.pettyCash && {
    fundId: r.pettyCash.fundId,
    countId: r.pettyCash.countId,
    voucherRangeId: r.pettyCash.voucherRangeId,
  },
});

/** A petty-cash request's columns (null fund, count and range for the other types). */
const pettyColumns = (p: Replenishment | null) => ({
  pettyCashFundId: p?.fundId ?? null,
  pettyCashCountId: p?.countId ?? null,
  voucherRangeId: p?.voucherRangeId ?? null,
});

/** The keys that open any request, whoever raised it: those who decide at some stage of the chain. */
const APPROVER_KEYS = [
  'ejecucion_aprobacion_jefe',
  'ejecucion_aprobacion_superior',
  'ejecucion_administracion',
] as const;

/**
 * A request the caller may open: their own (as requester or liquidator), any for an approver (a holder of a chain's key), one they may move
 * now through a delegation, or one they moved. Others answer 404, as if it did not exist. The detail, its PDFs and
 * its quotes' files share it (`documents.service.ts`).
 */
export async function visibleRequest(db: Executor, actor: UserActor, id: string) {
  const row = await repo.findRequest(db, id);
  if (!row) throw notFound();
  if (
    row.requesterId === actor.userId ||
    row.liquidatorId === actor.userId ||
    APPROVER_KEYS.some((k) => hasPermission(actor.permissions, k))
  )
    return row;
  if ((await allowedTransitions(db, requestWorkflow, row as WorkflowRow, actor)).length) return row;
  // A delegate who acted on it keeps seeing what they did.
  if ((await workflowHistoryOf(db, requestWorkflow.name, id)).some((h) => h.actorId === actor.userId)) return row;
  throw notFound();
}

/** The caller's own request, locked for an edit (others: 404). */
async function ownRequest(db: Executor, actor: UserActor, id: string) {
  const row = await repo.findRequest(db, id, true);
  if (!row || row.requesterId !== actor.userId) throw notFound();
  return row;
}

/**
 * One request with its items, lines, providers, trip, approvals and workflow (what the caller may do, the
 * stepper, the history) (`GET /api/execution/requests/:id`): the requester's, an approver's, or a delegate's who
 * may move it now; 404 otherwise.
 */
export async function getRequest(db: Executor, actor: UserActor, id: string): Promise<ExpenseRequest> {
  return toRequest(db, actor, await visibleRequest(db, actor, id));
}

/**
 * Moves a request along its chain (`POST /api/execution/requests/:id/transition`), in one transaction
 * (`requests.workflow.ts`): 409 `stale_transition` when someone moved or edited it first; 403
 * `transition_not_allowed` (`transition_from_state`, `transition_not_yours`, `delegation_not_valid`) for a move
 * not open from its status or not the caller's (no self-approval, directly or through a delegate); 400 on
 * `returnTo` (a stage not before the current one) or a missing `reason`. Answers the request as it is now.
 */
export async function transitionRequest(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof requestTransitionInput>,
): Promise<ExpenseRequest> {
  await applyTransition(db, requestWorkflow, actor, {
    recordId: id,
    transition: body.transition,
    version: body.version,
    reason: body.reason ?? null,
    returnTo: body.returnTo ?? null,
    actingFor: body.actingFor,
    input: {
      ...(body.payment ? { payment: body.payment } : {}),
      ...(body.selection ? { selection: body.selection } : {}),
      ...(body.liquidation ? { liquidation: body.liquidation } : {}),
    },
  });
  return getRequest(db, actor, id);
}

/** A list row of a request (the requester's list and the approver's inbox). */
export const requestSummaryOf = (
  r: Pick<
    repo.ExpenseRequestRow,
    | 'id'
    | 'year'
    | 'sequence'
    | 'type'
    | 'status'
    | 'month'
    | 'requesterId'
    | 'description'
    | 'urgent'
    | 'total'
    | 'createdAt'
  >,
  requesterName: string,
  lineCount: number,
) => ({
  id: r.id,
  number: requestNumber(r.year, r.sequence),
  type: r.type as RequestType,
  status: r.status as RequestStatus,
  year: r.year,
  month: r.month,
  requesterId: r.requesterId,
  requesterName,
  description: r.description,
  urgent: r.urgent,
  total: r.total,
  createdAt: r.createdAt.toISOString(),
  lineCount,
});

/**
 * A page of requests, newest first, filtered (`GET /api/execution/requests`): the caller's own; with `scope=all`, every
 * requester's (or `requesterId`'s) for a holder of a chain key (403 `forbidden` otherwise, field `scope`).
 */
export async function listRequests(db: Db, actor: UserActor, query: z.output<typeof requestListQuery>) {
  // Every requester's list is the deciders' (who open any request anyway); a requester sees their own.
  if (query.scope === 'all' && !APPROVER_KEYS.some((k) => hasPermission(actor.permissions, k)))
    throw new AppError(403, 'forbidden', [{ field: 'scope', code: 'invalid' }]);
  const requesterId = query.scope === 'all' ? query.requesterId : actor.userId;
  const { items, total } = await repo.listRequests(db, { ...query, requesterId });
  return {
    items: items.map(({ row, requesterName, lineCount }) => requestSummaryOf(row, requesterName, lineCount)),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped: false,
  };
}

/**
 * Creates a request in `solicitado` (`POST /api/execution/requests`), numbered SOL-year-sequence without gaps,
 * and commits its items' amounts on their lines for its month, all in one transaction. Refused with nothing
 * written: the schema's checks (type rules: a purchase order names a provider, travel expenses their trip with
 * at least one direction; items with quantity and price over zero); `checkParts`; and the budget's control:
 * 409 `budget_stop` / `budget_warning` with `exceeds_available` (params available, excess, Q) on
 * `items.K.lineId`, 409 `year_closed`, 422 `control_unavailable` (a line with no assignment: `not_assigned`).
 * `confirmWarning` and `override` are passed to the control. Audited (`create`).
 */
export async function createRequest(db: Db, actor: UserActor, body: Body): Promise<ExpenseRequest> {
  return inTransaction(db, async (tx) => {
    await checkParts(tx, body);
    const { items, total, columns } = columnsOf(body);
    const petty = body.pettyCash && (await checkReplenishment(tx, actor, body.pettyCash, moneyString(total)));
    const sequence = await repo.nextSequence(tx, body.year);
    const id = await repo
      .insertRequest(tx, {
        ...columns,
        ...pettyColumns(petty),
        sequence,
        type: body.type,
        status: 'solicitado',
        requesterId: actor.userId,
        liquidatorId: actor.userId,
        total: moneyString(total),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .catch(onCountTaken);
    await writeParts(tx, id, body, items);
    if (petty) await linkReplenishment(tx, id, petty);
    const cells = cellsOf(items, body.month);
    await commit(tx, actor, { type: REQUEST_SOURCE, id }, cells, {
      confirmWarning: body.confirmWarning,
      override: body.override,
    }).catch((err: unknown) => onItems(err, cells, body.items));
    const created = await toRequest(tx, actor, (await repo.findRequest(tx, id))!);
    await tellNextApprovers({ tx, actor }, id);
    await writeAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, changes: diff(null, pick(created)) });
    return created;
  });
}

/**
 * Edits the caller's request while it is `solicitado` (`PUT /api/execution/requests/:id`; after a rejection back
 * to it, the requester edits and resubmits): 404 for another's, 409 `version_conflict` on a stale version, 409
 * `request_not_editable` past `solicitado`; the checks of create (its type's rules against the stored type). The
 * budget follows in the same transaction: what shrinks is released first, then what grows is committed under
 * the control (its refusals as create's). Audited (before and after).
 */
export async function updateRequest(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof requestUpdate>,
): Promise<ExpenseRequest> {
  return inTransaction(db, async (tx) => {
    const row = await ownRequest(tx, actor, id);
    if (row.version !== body.version) throw versionConflict();
    if (row.status !== 'solicitado') throw new AppError(409, 'request_not_editable');
    const typeProblems = requestTypeProblems(row.type as RequestType, body);
    if (typeProblems.length) throw invalidFields(typeProblems);
    await checkParts(tx, body);
    const before = await toRequest(tx, actor, row);
    const { items, total, columns } = columnsOf(body);
    const petty = body.pettyCash && (await checkReplenishment(tx, actor, body.pettyCash, moneyString(total), id));
    const oldCells = cellsOf(
      before.items.map((i) => ({ lineId: i.lineId, amount: money(i.amount) })),
      before.month,
    );
    const { grow, shrink } = cellChanges(oldCells, cellsOf(items, body.month));
    const source = { type: REQUEST_SOURCE, id };
    if (shrink.length) await release(tx, actor, source, shrink);
    await repo
      .updateRequest(tx, id, { ...columns, ...pettyColumns(petty), total: moneyString(total), updatedBy: actor.userId })
      .catch(onCountTaken);
    await writeParts(tx, id, body, items);
    if (petty) await linkReplenishment(tx, id, petty);
    if (grow.length)
      await commit(tx, actor, source, grow, { confirmWarning: body.confirmWarning, override: body.override }).catch(
        (err: unknown) => onItems(err, grow, body.items),
      );
    const after = await toRequest(tx, actor, (await repo.findRequest(tx, id))!);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      changes: diff(pick(before), pick(after)),
    });
    return after;
  });
}

/**
 * The register of checks and transfers (`GET /api/execution/payments`, `ejecucion_administracion`), newest first,
 * voided ones included with their reason: a check's number stays used on its account for ever.
 */
export async function paymentRegister(db: Db, query: z.output<typeof paymentRegisterQuery>) {
  const { items, total } = await repo.paymentRegister(db, query);
  return {
    items: items.map((p) => ({
      ...p,
      method: p.method as RequestPayment['method'],
      issuedAt: p.issuedAt.toISOString(),
      voidedAt: p.voidedAt?.toISOString() ?? null,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped: false,
  };
}

/**
 * Writes a provider's quote for a purchase order (`PUT /api/execution/requests/:id/quotes/:providerId`,
 * `ejecucion_administracion`) while it waits for its comparative table (`aprobacion`; else 409 `quotes_closed`):
 * the provider is one the request asked (400 `not_a_quoted_provider`), each price is for one of its items (400
 * `unknown_code` on `prices.N.itemId`); `agreementId` must be the provider's framework agreement, active and
 * valid today (400 `invalid`), whose validity becomes the quote's, else `validUntil` is required. The request's
 * version moves on (a transition prepared on the old table is stale). Audited (`quote`). 404 for an unknown
 * request.
 */
export async function saveQuote(
  db: Db,
  actor: UserActor,
  id: string,
  providerId: string,
  body: z.output<typeof quoteInput>,
): Promise<ExpenseRequest> {
  return inTransaction(db, async (tx) => {
    const row = await repo.findRequest(tx, id, true);
    if (!row) throw notFound();
    if (row.type !== 'purchase_order' || row.status !== 'aprobacion') throw new AppError(409, 'quotes_closed');
    const providers = await repo.providersOf(tx, id);
    if (!providers.some((p) => p.id === providerId))
      throw invalidFields([{ field: 'providerId', code: 'not_a_quoted_provider' }]);
    const itemIds = new Set((await repo.itemsOf(tx, id)).map(({ item }) => item.id));
    const errors: FieldError[] = body.prices.flatMap((p, i) =>
      itemIds.has(p.itemId) ? [] : [{ field: `prices.${i}.itemId`, code: 'unknown_code' as const }],
    );
    let validUntil = body.validUntil;
    if (body.agreementId) {
      const agreement = (await listAgreements(tx, providerId)).find((a) => a.id === body.agreementId);
      if (!agreement || agreement.state !== 'valid') errors.push({ field: 'agreementId', code: 'invalid' });
      else validUntil = agreement.validUntil;
    } else if (!validUntil) errors.push({ field: 'validUntil', code: 'required' });
    if (errors.length) throw invalidFields(errors);
    await repo.saveQuote(
      tx,
      {
        requestId: id,
        providerId,
        deliveryDays: body.deliveryDays,
        warranty: body.warranty,
        validUntil: validUntil!,
        agreementId: body.agreementId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      },
      body.prices,
    );
    await repo.touchRequest(tx, id);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      changes: { quote: { before: null, after: { providerId, ...body, validUntil } } },
    });
    return toRequest(tx, actor, (await repo.findRequest(tx, id))!);
  });
}
