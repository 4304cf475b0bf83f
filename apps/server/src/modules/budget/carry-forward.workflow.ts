import { money, moneyString } from '@amparo/shared/money';
import type { CarryForwardStatus } from '@amparo/shared/modules/assignment.schema';
import { AppError } from '../../lib/errors.ts';
import { defineWorkflow, type ActorRule, type TransitionContext } from '../../lib/workflow/workflow.ts';
import * as cooperating from '../cooperating/cooperating.service.ts';
import * as repo from './assignment.repository.ts';
import { budgetCarryForwards } from './assignment.table.ts';

/**
 * A carry-forward's workflow (issue 13 section 4: 'only through an approved carry-forward document (amount,
 * reason, approver)'): requested → approved or rejected (with a reason), by a holder of presupuesto_aprobacion
 * other than the requester. Approval re-checks, under the cooperating's lock, that the amount still fits the
 * item's unspent amount of the closed year.
 */

type Row = typeof budgetCarryForwards.$inferSelect & { status: CarryForwardStatus };
type Ctx = TransitionContext<Row, CarryForwardStatus>;

const notRequester: ActorRule<Row> = { name: 'not_the_requester', test: (r, userId) => r.requestedBy !== userId };

/** 409 `limit_exceeded` (`amount`, `carry_exceeded`: params unspent, excess) when `amount` passes what is left. */
export async function checkUnspent(
  tx: Ctx['tx'],
  itemId: string,
  year: number,
  amount: string,
  except: string | null,
): Promise<void> {
  const unspent = money(await repo.unspentInYear(tx, itemId, year)).minus(
    await repo.carriedFromYear(tx, itemId, year, except),
  );
  if (money(amount).greaterThan(unspent))
    throw new AppError(409, 'limit_exceeded', [
      {
        field: 'amount',
        code: 'carry_exceeded',
        params: { unspent: moneyString(unspent), excess: moneyString(money(amount).minus(unspent)) },
      },
    ]);
}

export const carryForwardWorkflow = defineWorkflow<Row, CarryForwardStatus, typeof budgetCarryForwards>({
  name: 'budget_carry_forward',
  table: budgetCarryForwards,
  states: ['requested', 'approved', 'rejected'],
  transitions: [
    {
      name: 'approve',
      from: ['requested'],
      to: 'approved',
      permission: 'presupuesto_aprobacion',
      who: [notRequester],
      reason: 'optional',
      before: async (ctx) => {
        await cooperating.lockItemTerms(ctx.tx, ctx.record.itemId);
        await checkUnspent(ctx.tx, ctx.record.itemId, ctx.record.fromYear, ctx.record.amount, ctx.record.id);
      },
    },
    { name: 'reject', from: ['requested'], to: 'rejected', permission: 'presupuesto_aprobacion', reason: 'required' },
  ],
});
