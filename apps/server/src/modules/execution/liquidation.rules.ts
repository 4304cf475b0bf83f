import { Money, money, moneyString } from '@amparo/shared/money';
import type { LiquidationInput, RequestRefund } from '@amparo/shared/modules/invoices.schema';
import type { Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import * as invoices from './invoices.repository.ts';
import * as repo from './liquidation.repository.ts';
import { perDiemTotal } from './per-diems.repository.ts';
import { executeRequest } from './requests.budget.ts';
import * as requests from './requests.repository.ts';

/*
 * The rules of a paid request's liquidation (issue 27 sections 1 and 3, decision 0031): the sums its invoices make
 * against what was given, and the checks and writes of its workflow moves (`requests.workflow.ts`:
 * `submit_liquidation`, `approve_liquidation`).
 */

type Invoice = invoices.InvoiceRow;

/** A credit note (NCRE) counts against the liquidation; every other document for it. */
const signOf = (i: Pick<Invoice, 'document'>) => (i.document === 'NCRE' ? -1 : 1);

/**
 * A liquidation's sums (Q): `claimed` what its invoices add up to (credit notes subtract) plus its per diems
 * (`perDiems`, a travel's: decision 0033), `accepted` the same with administration's sanctioned amounts (an invoice
 * not sanctioned counts whole; per diems are accepted as written, or the liquidation is returned).
 */
export function liquidationSums(
  rows: Pick<Invoice, 'document' | 'amount' | 'sanctionedAmount'>[],
  perDiems: string = '0',
) {
  let claimed = money(perDiems);
  let accepted = money(perDiems);
  for (const i of rows) {
    claimed = claimed.plus(money(i.amount).times(signOf(i)));
    accepted = accepted.plus(money(i.sanctionedAmount ?? i.amount).times(signOf(i)));
  }
  return { claimed, accepted };
}

/** A request's liquidation sums from the database: its invoices and its per diems. */
async function sumsOf(tx: Executor, requestId: string, sanctioned?: Map<string, string>) {
  const rows = await invoices.rowsOf(tx, requestId);
  const lines = sanctioned ? rows.map((r) => ({ ...r, sanctionedAmount: sanctioned.get(r.id) ?? null })) : rows;
  return { rows, ...liquidationSums(lines, await perDiemTotal(tx, requestId)) };
}

/** What an amount liquidated leaves against what was given (Q ≥ 0 each): to give back, or above what was given. */
export function balanceOf(given: string, amount: Money) {
  const left = money(given).minus(amount);
  return { refundDue: Money.max(left, 0), excess: Money.max(left.neg(), 0) };
}

const zero = () => new AppError(409, 'liquidation_zero');

/**
 * `submit_liquidation`'s check, before anything moves: the invoices add up to more than 0 (409
 * `liquidation_zero`, spec: "a request cannot be settled with value 0"); less than was given needs
 * `confirmRefund` (409 `refund_required`, params amount: the refund the warning names); more needs
 * `excessReason` (400 `required` on `liquidation.excessReason`), written on the request with the move.
 */
export async function checkSubmission(tx: Executor, record: requests.ExpenseRequestRow, input?: LiquidationInput) {
  const { claimed } = await sumsOf(tx, record.id);
  if (!claimed.greaterThan(0)) throw zero();
  const { refundDue, excess } = balanceOf(record.total, claimed);
  if (refundDue.greaterThan(0) && !input?.confirmRefund)
    throw new AppError(409, 'refund_required', [
      { field: 'liquidation.confirmRefund', code: 'refund_required', params: { amount: moneyString(refundDue) } },
    ]);
  if (excess.greaterThan(0) && !input?.excessReason) throw invalidField('liquidation.excessReason', 'required');
  await requests.updateColumns(tx, record.id, { excessReason: excess.greaterThan(0) ? input!.excessReason : null });
}

/** After `submit_liquidation`: the refund the liquidator owes (given − claimed), or none (`void`). */
export async function recordSubmission(tx: Executor, actor: UserActor, record: requests.ExpenseRequestRow) {
  const { claimed } = await sumsOf(tx, record.id);
  await repo.setRefundDue(tx, record.id, moneyString(balanceOf(record.total, claimed).refundDue), actor.userId);
}

/**
 * `approve_liquidation`'s check: each sanction names an invoice of the request that is not a credit note (400
 * `invalid` on `liquidation.sanctions.N.invoiceId`) and accepts less than its amount (400
 * `sanction_not_below_amount` on `.amount`, params amount); what is accepted is more than 0 (409
 * `liquidation_zero`: return it instead); above what was given it needs `acceptExcess` (409 `liquidation_excess`,
 * params excess, reason: the liquidator's).
 */
export async function checkApproval(tx: Executor, record: requests.ExpenseRequestRow, input?: LiquidationInput) {
  const { rows } = await sumsOf(tx, record.id);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sanctions = input?.sanctions ?? [];
  sanctions.forEach((s, n) => {
    const invoice = byId.get(s.invoiceId);
    if (!invoice || invoice.document === 'NCRE') throw invalidField(`liquidation.sanctions.${n}.invoiceId`, 'invalid');
    if (!money(s.amount).lessThan(invoice.amount))
      throw invalidField(`liquidation.sanctions.${n}.amount`, 'sanction_not_below_amount', { amount: invoice.amount });
  });
  const sanctioned = new Map(sanctions.map((s) => [s.invoiceId, s.amount]));
  const { accepted } = await sumsOf(tx, record.id, sanctioned);
  if (!accepted.greaterThan(0)) throw zero();
  const { excess } = balanceOf(record.total, accepted);
  if (excess.greaterThan(0) && !input?.acceptExcess)
    throw new AppError(409, 'liquidation_excess', [
      {
        field: 'liquidation.acceptExcess',
        code: 'liquidation_excess',
        params: { excess: moneyString(excess), reason: record.excessReason ?? '' },
      },
    ]);
}

/**
 * After `approve_liquidation`, in its transaction: the sanctions written, the accepted total executed on the
 * request's lines and items and its commitment released (`executeRequest`), the total recorded on the request,
 * the refund set to given − accepted (a sanction adds to it).
 */
export async function recordApproval(
  tx: Executor,
  actor: UserActor,
  record: requests.ExpenseRequestRow,
  input?: LiquidationInput,
) {
  await repo.setSanctions(tx, record.id, input?.sanctions ?? []);
  const { accepted } = await sumsOf(tx, record.id);
  await executeRequest(tx, actor, record.id, accepted, {
    confirmWarning: input?.confirmWarning ?? false,
    override: input?.override ?? null,
  });
  await requests.updateColumns(tx, record.id, { liquidatedTotal: moneyString(accepted) });
  await repo.setRefundDue(tx, record.id, moneyString(balanceOf(record.total, accepted).refundDue), actor.userId);
}

/** A refund as answered, or null. */
export function refundAnswer(row: repo.ExpenseRequestRefundRow | null): RequestRefund | null {
  if (!row) return null;
  return {
    id: row.id,
    amount: row.amount,
    status: row.status as RequestRefund['status'],
    depositNumber: row.depositNumber,
    depositedOn: row.depositedOn,
    slipName: row.slipKey ? row.slipName : null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    version: row.version,
  };
}
