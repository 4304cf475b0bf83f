import type { z } from 'zod';
import {
  REQUEST_STATUSES,
  requestNumber,
  type paymentInput,
  type RequestStatus,
} from '@amparo/shared/modules/execution.schema';
import { money } from '@amparo/shared/money';
import { amountInWords } from '@amparo/shared/money-words';
import type { PermissionKey } from '@amparo/shared/permissions';
import {
  allOf,
  columnIn,
  defineWorkflow,
  holdersOf,
  sameGroupAs,
  textOf,
  userIn,
  type TransitionContext,
} from '../../lib/workflow/workflow.ts';
import type { LiquidationInput } from '@amparo/shared/modules/invoices.schema';
import type { UserActor } from '../../lib/actor.ts';
import { nextActors } from '../../lib/workflow/inbox.ts';
import { AppError, invalidField, isUniqueViolation } from '../../lib/errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { workflowPeople } from '../users/users.service.ts';
import * as repo from './requests.repository.ts';
import { expenseRequests as R } from './requests.table.ts';
import { releaseRequest, repriceRequest } from './requests.budget.ts';
import { assertEnoughQuotes, selectionOf } from './requests.comparison.ts';
import { releaseReplenishment, releaseVoucher, reserveVoucher } from './petty-cash.service.ts';
import { checkApproval, checkSubmission, recordApproval, recordSubmission } from './liquidation.rules.ts';

/**
 * An expense request's approval chain (issue 26 section 4; spec section 4). Each status names the step the
 * request has reached, and the request waits for the next one:
 *
 * | status | reached by | waits for |
 * |---|---|---|
 * | `solicitado` | creation, or a return | the requester's boss (`ejecucion_aprobacion_jefe`, same workgroup) |
 * | `aprobado_jefe` | `approve_boss` | above the band: a superior (`ejecucion_aprobacion_superior`); else administration |
 * | `aprobacion_superior` | `approve_superior` | administration (`ejecucion_administracion`) |
 * | `aprobacion` | `approve_admin` (from `aprobado_jefe` below the band: `aprobacion_superior` recorded as skipped) | a purchase order: its quotes and `complete_comparison`; the other types: the payment |
 * | `cuadro_comparativo_admin` | `complete_comparison` (the minimum quotes, or an agreement's) | `select_provider` |
 * | `proveedor_seleccionado` | `select_provider` (a higher quote goes back for approval of the difference first) | `issue_payment` |
 * | `emision_cheque` | `issue_payment` (from `aprobacion` for the types without a comparative table, both stages recorded skipped) | the liquidator's invoices |
 * | `liquidado_temp` | `save_liquidation`, or `return_liquidation` with a reason | the liquidator's invoices, then `submit_liquidation` |
 * | `enviado_liquidacion` | `submit_liquidation` (the invoices close) | administration: `approve_liquidation` or `return_liquidation` |
 * | `aprobar_liquidacion` | `approve_liquidation`: executed on the budget | (the end; a refund is tracked until received) |
 *
 * The band is the setting `request_superior_approval_threshold` in force on the boss's approval: a request whose
 * total passes it needs the superior (`needs_superior`, written then and kept). Nobody approves a request they
 * raised, directly or through a delegate; when the requester is the only eligible approver of a stage, the
 * fallback takes it (the boss stage: superiors; the superior stage and administration's: administration, then
 * role administrators). Every approval records the stage, the amount and the version approved. `return` sends
 * the request back to an earlier stage with a reason (the approvals from that stage on are voided, listed in the
 * history); `reject` ends it, releasing what it holds committed. Both are open to whoever decides at the stage
 * the request is in.
 */

type Row = typeof R.$inferSelect & { status: RequestStatus };
type Ctx = TransitionContext<Row, RequestStatus>;
type PaymentInput = z.output<typeof paymentInput>;
type Selection = { providerId: string; justification: string | null };

/** The chain's stages on the path, in order (the last three are the liquidation's, issue 27). */
export const REQUEST_PATH = REQUEST_STATUSES.filter((s): s is Exclude<RequestStatus, 'rechazado'> => s !== 'rechazado');

/** The stages the spec treats as special (aprobado_jefe through emision_cheque) and `solicitado`: where a return goes. */
const RETURN_STAGES = REQUEST_PATH.slice(0, 7);
/** The open stages a request can be rejected or returned from. */
const DECIDED_FROM = RETURN_STAGES;

const ADMIN: PermissionKey = 'ejecucion_administracion';
const requesterBoss = sameGroupAs<Row>(R.requesterId, 'requester_boss');

/** Who decides at the stage the request is in: what `return` and `reject` require. */
const deciders = [
  allOf<Row>(
    'boss_at_stage',
    columnIn(R.status, ['solicitado'], 'at_boss_stage'),
    holdersOf('ejecucion_aprobacion_jefe'),
    requesterBoss,
  ),
  allOf<Row>(
    'superior_at_stage',
    columnIn(R.status, ['aprobado_jefe'], 'at_superior_stage'),
    columnIn(R.needsSuperior, [true], 'above_superior_band'),
    holdersOf('ejecucion_aprobacion_superior'),
  ),
  allOf<Row>(
    'administration_at_stage',
    columnIn(R.status, ['aprobado_jefe'], 'at_superior_stage'),
    columnIn(R.needsSuperior, [false], 'below_superior_band'),
    holdersOf(ADMIN),
  ),
  allOf<Row>('administration_at_stage', columnIn(R.status, RETURN_STAGES.slice(2), 'at_admin_stage'), holdersOf(ADMIN)),
];

/** The approval's stage of each approving transition. */
const STAGE_OF = { approve_boss: 'boss', approve_superior: 'superior', approve_admin: 'administration' } as const;
/** The approvals a return to `to` voids: those of the stages from `to` on. */
const VOIDED_BY_RETURN: Record<string, ('boss' | 'superior' | 'administration')[]> = {
  solicitado: ['boss', 'superior', 'administration'],
  aprobado_jefe: ['superior', 'administration'],
  aprobacion_superior: ['administration'],
};

const link = (id: string) => `/execution/requests/${id}`;
const numberOf = (r: Row) => requestNumber(r.year, r.sequence);

/** Tells whoever may take the next approval of the request (and their delegates) that it waits for them. */
export async function tellNextApprovers(ctx: { tx: Ctx['tx']; actor: Ctx['actor'] }, id: string) {
  const row = (await repo.findRequest(ctx.tx, id)) as Row;
  await notify(ctx.tx, ctx.actor, {
    kind: 'execution.request_pending',
    recipients: await nextActors(ctx.tx, requestWorkflow, row, APPROVALS),
    link: link(id),
    params: { number: numberOf(row), total: row.total, status: row.status, urgent: row.urgent },
  });
}

/** Records the approval (stage, amount, version approved, who and for whom) and tells the next approvers. */
async function approved(ctx: Ctx) {
  const stage = STAGE_OF[ctx.transition as keyof typeof STAGE_OF];
  await repo.insertApproval(ctx.tx, {
    requestId: ctx.record.id,
    stage,
    amount: ctx.record.total,
    requestVersion: ctx.record.version,
    approvedBy: ctx.actor.userId!,
    actingFor: ctx.actingFor,
  });
  await tellNextApprovers(ctx, ctx.record.id);
}

/**
 * The band, decided at the boss's approval and written before the state moves, so the library's fallback (who
 * approves next when only the requester could) reads it: above `request_superior_approval_threshold` in force today.
 */
async function decideBand(ctx: Ctx) {
  const threshold = await ctx.settings('request_superior_approval_threshold');
  await repo.setNeedsSuperior(ctx.tx, ctx.record.id, money(ctx.record.total).greaterThan(threshold));
}

/** The request's types that have no comparative table: they go from `aprobacion` to the payment. */
const WITHOUT_COMPARISON = ['reserve', 'petty_cash', 'travel_expenses'] as const;

/**
 * Checks the payment of `issue_payment` before anything is written: given (400 `required` on `payment`), and a
 * check's number never used on the account (409 `duplicate` on `payment.checkNumber`; the unique index decides
 * under parallel writes).
 */
async function checkPayment(ctx: Ctx) {
  const payment = ctx.input.payment as PaymentInput | undefined;
  if (!payment) throw invalidField('payment', 'required');
  if (payment.checkNumber !== null && (await repo.checkNumberUsed(ctx.tx, payment.bankAccount, payment.checkNumber)))
    throw duplicateCheck();
}
const duplicateCheck = () => new AppError(409, 'duplicate', [{ field: 'payment.checkNumber', code: 'duplicate' }]);

/** Writes the check or transfer for the request's total, with the amount in words (shared money helper). */
async function recordPayment(ctx: Ctx) {
  const payment = ctx.input.payment as PaymentInput;
  try {
    await repo.insertPayment(ctx.tx, {
      requestId: ctx.record.id,
      method: payment.method,
      bankAccount: payment.bankAccount,
      checkNumber: payment.checkNumber,
      transactionNumber: payment.method === 'transfer' ? payment.transactionNumber : null,
      payeeName: payment.payeeName,
      nonNegotiable: payment.nonNegotiable,
      amount: ctx.record.total,
      amountInWords: amountInWords(ctx.record.total),
      issuedBy: ctx.actor.userId!,
    });
  } catch (err) {
    if (isUniqueViolation(err, 'expense_request_payments_check_key')) throw duplicateCheck();
    throw err;
  }
}

/** Voids the request's standing checks and transfers (a return or a rejection): kept, with the reason. */
async function voidPayments(ctx: Ctx) {
  const voided = await repo.voidPayments(ctx.tx, ctx.record.id, ctx.actor.userId, ctx.reason ?? '');
  return voided.map((p) => ({
    kind: p.method,
    id: p.id,
    label: p.checkNumber !== null ? String(p.checkNumber) : (p.transactionNumber ?? ''),
  }));
}

/** Tells the liquidator their liquidation was approved or returned, with the reason. */
async function tellLiquidator(ctx: Ctx) {
  await notify(ctx.tx, ctx.actor, {
    kind: 'execution.liquidation_decided',
    recipients: [ctx.record.liquidatorId],
    link: link(ctx.record.id),
    params: { number: numberOf(ctx.record), status: ctx.to, reason: ctx.reason ?? '' },
  });
}

const liquidationOf = (ctx: Ctx) => ctx.input.liquidation as LiquidationInput | undefined;
const liquidator = userIn<Row>(R.liquidatorId, 'liquidator');

/** Tells the requester their request was returned or rejected, with the reason. */
async function tellRequester(ctx: Ctx) {
  await notify(ctx.tx, ctx.actor, {
    kind: 'execution.request_returned',
    recipients: [ctx.record.requesterId],
    link: link(ctx.record.id),
    params: { number: numberOf(ctx.record), status: ctx.returnTo ?? ctx.to, reason: ctx.reason ?? '' },
  });
}

/** The approving transitions: what the inbox and the next-approver notices read. */
const APPROVALS = [
  'approve_boss',
  'approve_superior',
  'approve_admin',
  'complete_comparison',
  'select_provider',
  'issue_payment',
  'approve_liquidation',
] as const;

export const requestWorkflow = defineWorkflow<Row, RequestStatus, typeof R>({
  name: 'expense_request',
  table: R,
  states: [...REQUEST_PATH, 'rechazado'],
  path: REQUEST_PATH,
  people: workflowPeople,
  explainMissingKey: false,
  enteredAt: R.stageEnteredAt,
  inbox: {
    title: { number: repo.requestNumberSql, description: R.description, total: R.total, urgent: R.urgent },
    href: textOf('/execution/requests/', R.id),
    transitions: APPROVALS,
  },
  transitions: [
    {
      name: 'approve_boss',
      from: ['solicitado'],
      to: 'aprobado_jefe',
      permission: 'ejecucion_aprobacion_jefe',
      who: [requesterBoss],
      // The requester who is also the only boss of their workgroup: a superior approves the stage (never stuck).
      approval: { requester: R.requesterId, fallback: { holders: 'ejecucion_aprobacion_superior' } },
      reason: 'optional',
      before: decideBand,
      after: approved,
    },
    {
      name: 'approve_superior',
      from: ['aprobado_jefe'],
      to: 'aprobacion_superior',
      permission: 'ejecucion_aprobacion_superior',
      who: [columnIn(R.needsSuperior, [true], 'above_superior_band')],
      approval: { requester: R.requesterId, fallback: { holders: ADMIN } },
      reason: 'optional',
      after: approved,
    },
    {
      name: 'approve_admin',
      from: ['aprobado_jefe', 'aprobacion_superior'],
      to: 'aprobacion',
      permission: ADMIN,
      who: [
        columnIn(R.needsSuperior, [false], 'below_superior_band'),
        columnIn(R.status, ['aprobacion_superior'], 'superior_approved'),
      ],
      approval: { requester: R.requesterId, fallback: { holders: 'configuracion_roles' } },
      reason: 'optional',
      // Below the band the superior's stage is passed over, and the history says so.
      // With a selection standing (the approval of a higher selected quote), it goes back to that selection.
      route: ({ record }) => {
        const to = record.selectedQuoteId ? 'proveedor_seleccionado' : 'aprobacion';
        return record.status === 'aprobado_jefe' ? { to, skipped: ['aprobacion_superior'] } : { to };
      },
      after: async (ctx) => {
        // Petty cash's last approval: its voucher number is reserved now, in the same transaction.
        if (ctx.record.type === 'petty_cash') await reserveVoucher(ctx.tx, ctx.actor, ctx.record);
        await approved(ctx);
      },
    },
    {
      // A purchase order's comparative table is closed once it has the quotes its amount asks (or an agreement's).
      name: 'complete_comparison',
      from: ['aprobacion'],
      to: 'cuadro_comparativo_admin',
      permission: ADMIN,
      who: [columnIn(R.type, ['purchase_order'], 'purchase_order')],
      reason: 'optional',
      before: (ctx) => assertEnoughQuotes(ctx.tx, ctx.record),
      after: (ctx) => tellNextApprovers(ctx, ctx.record.id),
    },
    {
      // The selection of a provider: its quote's prices become the request's. Above what was approved, the
      // difference is committed (or refused by the control) and goes back for approval, never silently: to the
      // superior when it now passes the band and no superior approved, else to administration.
      name: 'select_provider',
      from: ['cuadro_comparativo_admin'],
      to: 'proveedor_seleccionado',
      permission: ADMIN,
      reason: 'optional',
      route: async ({ tx, record, input, settings }) => {
        const chosen = await selectionOf(tx, record, input.selection as Selection | undefined);
        if (!money(chosen.total).greaterThan(record.total)) return { to: 'proveedor_seleccionado' };
        const threshold = await settings('request_superior_approval_threshold');
        return money(chosen.total).greaterThan(threshold) && !record.needsSuperior
          ? { to: 'aprobado_jefe' }
          : { to: 'aprobacion_superior' };
      },
      after: async (ctx) => {
        const selection = ctx.input.selection as Selection;
        const chosen = await selectionOf(ctx.tx, ctx.record, selection);
        await repo.setSelection(ctx.tx, ctx.record.id, chosen.quote.id, selection.justification);
        await repriceRequest(ctx.tx, ctx.actor, ctx.record.id, chosen.items, chosen.total);
        if (ctx.to !== 'proveedor_seleccionado') {
          // Back for the difference: the approvals of the stages that approve again are set aside.
          const stages =
            ctx.to === 'aprobado_jefe' ? (['superior', 'administration'] as const) : (['administration'] as const);
          await repo.voidApprovals(ctx.tx, ctx.record.id, stages, 'selected_quote_above_approved');
          if (ctx.to === 'aprobado_jefe') await repo.setNeedsSuperior(ctx.tx, ctx.record.id, true);
          await tellNextApprovers(ctx, ctx.record.id);
        }
      },
    },
    {
      // Administration pays: after the provider's selection (a purchase order), or straight after its approval
      // for the types without a comparative table (the two stages recorded as skipped).
      name: 'issue_payment',
      from: ['aprobacion', 'proveedor_seleccionado'],
      to: 'emision_cheque',
      permission: ADMIN,
      who: [
        columnIn(R.type, WITHOUT_COMPARISON, 'without_comparative_table'),
        columnIn(R.status, ['proveedor_seleccionado'], 'provider_selected'),
      ],
      approval: { requester: R.requesterId, fallback: { holders: 'configuracion_roles' } },
      reason: 'optional',
      route: ({ record }) =>
        record.status === 'aprobacion'
          ? { to: 'emision_cheque', skipped: ['cuadro_comparativo_admin', 'proveedor_seleccionado'] }
          : { to: 'emision_cheque' },
      before: checkPayment,
      after: recordPayment,
    },
    {
      // The liquidator starts the liquidation (a draft: the invoices stay theirs to change).
      name: 'save_liquidation',
      from: ['emision_cheque'],
      to: 'liquidado_temp',
      permission: 'ejecucion',
      who: [liquidator],
      reason: 'optional',
    },
    {
      // Sent to administration: the invoices close; less than was given owes a refund, more needs a reason.
      name: 'submit_liquidation',
      from: ['emision_cheque', 'liquidado_temp'],
      to: 'enviado_liquidacion',
      permission: 'ejecucion',
      who: [liquidator],
      reason: 'optional',
      before: (ctx) => checkSubmission(ctx.tx, ctx.record, liquidationOf(ctx)),
      after: async (ctx) => {
        await recordSubmission(ctx.tx, ctx.actor as UserActor, ctx.record);
        await tellNextApprovers(ctx, ctx.record.id);
      },
    },
    {
      // Administration approves (invoice by invoice it may accept less): executed on the budget, refund set.
      name: 'approve_liquidation',
      from: ['enviado_liquidacion'],
      to: 'aprobar_liquidacion',
      permission: ADMIN,
      approval: {
        requester: R.liquidatorId,
        fallback: { holders: 'configuracion_roles' },
        because: 'not_the_liquidator',
      },
      reason: 'optional',
      before: (ctx) => checkApproval(ctx.tx, ctx.record, liquidationOf(ctx)),
      after: async (ctx) => {
        await recordApproval(ctx.tx, ctx.actor as UserActor, ctx.record, liquidationOf(ctx));
        await tellLiquidator(ctx);
      },
    },
    {
      // Back to the liquidator with a reason, the invoices open again.
      name: 'return_liquidation',
      from: ['enviado_liquidacion'],
      to: 'liquidado_temp',
      permission: ADMIN,
      reason: 'required',
      after: tellLiquidator,
    },
    {
      name: 'return',
      from: DECIDED_FROM.slice(1),
      to: 'solicitado',
      who: deciders,
      returnTo: RETURN_STAGES,
      onReturn: async (ctx, to) => {
        const voided = await repo.voidApprovals(ctx.tx, ctx.record.id, VOIDED_BY_RETURN[to] ?? [], ctx.reason ?? '');
        if (to === 'solicitado') await repo.setNullNeedsSuperior(ctx.tx, ctx.record.id);
        // Every return goes before `emision_cheque`: a check issued is voided (its number stays used).
        const payments = await voidPayments(ctx);
        // Before the selection, it goes; before the comparative table, the quotes go too.
        const at = (REQUEST_PATH as readonly string[]).indexOf(to);
        const selection = at < REQUEST_PATH.indexOf('proveedor_seleccionado') && ctx.record.selectedQuoteId;
        if (selection) await repo.setSelection(ctx.tx, ctx.record.id, null, null);
        const quotes =
          at < REQUEST_PATH.indexOf('cuadro_comparativo_admin') ? await repo.deleteQuotes(ctx.tx, ctx.record.id) : [];
        // Before administration's approval, the voucher it reserved is released.
        const vouchers =
          at < REQUEST_PATH.indexOf('aprobacion')
            ? await releaseVoucher(ctx.tx, ctx.actor, ctx.record.id, ctx.reason)
            : [];
        return {
          removed: [
            ...vouchers,
            ...voided.map((a) => ({ kind: 'approval', id: a.id, label: a.stage })),
            ...payments,
            ...(selection ? [{ kind: 'selection', id: ctx.record.selectedQuoteId, label: '' }] : []),
            ...quotes.map((q) => ({ kind: 'quote', id: q.id, label: q.providerName })),
          ],
        };
      },
      after: tellRequester,
    },
    {
      name: 'reject',
      from: DECIDED_FROM,
      to: 'rechazado',
      who: deciders,
      reason: 'required',
      after: async (ctx) => {
        await voidPayments(ctx);
        await releaseRequest(ctx.tx, ctx.actor, ctx.record.id, ctx.reason);
        await releaseReplenishment(ctx.tx, ctx.record.id);
        await tellRequester(ctx);
      },
    },
  ],
});
