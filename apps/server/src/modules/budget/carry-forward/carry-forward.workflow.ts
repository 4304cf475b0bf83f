import { money, moneyString } from '@amparo/shared/money';
import type { CarryForwardStatus } from '@amparo/shared/modules/assignment.schema';
import { AppError } from '../../../lib/errors.ts';
import { defineWorkflow, textOf, type TransitionContext } from '../../../lib/workflow/workflow.ts';
import { workflowPeople } from '../../users/users.service.ts';
import * as cooperating from '../../cooperating/cooperating.service.ts';
import { notify } from '../../notifications/notifications.service.ts';
import * as repo from '../assignment/assignment.repository.ts';
import { budgetCarryForwards } from '../assignment/assignment.table.ts';

/**
 * A carry-forward's workflow (issue 13 section 4: 'only through an approved carry-forward document (amount,
 * reason, approver)'): requested → approved or rejected (with a reason), by a holder of presupuesto_aprobacion
 * other than the requester. Approval re-checks, under the cooperating's lock, that the amount still fits the
 * item's unspent amount of the closed year.
 */

type Row = typeof budgetCarryForwards.$inferSelect & { status: CarryForwardStatus };
type Ctx = TransitionContext<Row, CarryForwardStatus>;

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

/** Tells who asked for the carry-forward that it was decided (issue 25 section 5); never the one deciding. */
async function tellRequester(ctx: Ctx) {
  const r = ctx.record;
  if (!r.requestedBy) return;
  const terms = await cooperating.itemTerms(ctx.tx, r.itemId);
  await notify(ctx.tx, ctx.actor, {
    kind: 'budget.carry_forward_decided',
    recipients: [r.requestedBy],
    link: `/budget/carry-forwards?year=${r.fromYear}`,
    params: { item: terms?.itemCode ?? '', fromYear: r.fromYear, toYear: r.toYear, status: ctx.to },
  });
}

export const carryForwardWorkflow = defineWorkflow<Row, CarryForwardStatus, typeof budgetCarryForwards>({
  name: 'budget_carry_forward',
  table: budgetCarryForwards,
  states: ['requested', 'approved', 'rejected'],
  // A rejection is off the path: the Stepper shows it as the last, current step.
  path: ['requested', 'approved'],
  people: workflowPeople,
  // A requested carry-forward waits for its approvers.
  inbox: {
    title: {
      fromYear: budgetCarryForwards.fromYear,
      toYear: budgetCarryForwards.toYear,
      amount: budgetCarryForwards.amount,
    },
    href: textOf('/budget/carry-forwards?year=', budgetCarryForwards.fromYear),
    transitions: ['approve'],
  },
  transitions: [
    {
      name: 'approve',
      from: ['requested'],
      to: 'approved',
      permission: 'presupuesto_aprobacion',
      // Not the requester nor anyone acting for them; when the requester is the only approver, administration
      // (configuracion_roles) approves (decision 0026).
      approval: { requester: budgetCarryForwards.requestedBy, fallback: { holders: 'configuracion_roles' } },
      reason: 'optional',
      before: async (ctx) => {
        await cooperating.lockItemTerms(ctx.tx, ctx.record.itemId);
        await checkUnspent(ctx.tx, ctx.record.itemId, ctx.record.fromYear, ctx.record.amount, ctx.record.id);
      },
      after: tellRequester,
    },
    {
      name: 'reject',
      from: ['requested'],
      to: 'rejected',
      permission: 'presupuesto_aprobacion',
      reason: 'required',
      after: tellRequester,
    },
  ],
});
