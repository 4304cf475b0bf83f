import { z } from 'zod';
import type { TFunction } from 'i18next';
import { ASSIGNMENT_TYPES, type AssignmentType } from '@amparo/shared/modules/assignment.schema';
import { moneyAmount, moneyString, parseMoney, sumMoney, type Money } from '@amparo/shared/money';
import { text } from '@amparo/shared/validation';
import { ApiError } from '../../../../shared/lib/api';
import { translateFieldError } from '../../../../shared/lib/server-errors';
import { MONTHS } from './months';

/** The transaction form: a type, a reason and the 12 months' amounts as typed ('' = no change that month). */
export interface TransactionValues {
  type: AssignmentType;
  reason: string;
  amounts: string[];
  [key: string]: unknown;
}

export const EMPTY_TRANSACTION: TransactionValues = {
  type: 'increase',
  reason: '',
  amounts: MONTHS.map(() => ''),
};

const positive = moneyAmount({ positive: true });

/**
 * The form's own check, the server's contract (`assignmentTransactionInput`) seen month by month: each amount
 * typed is a positive amount of Q with at most two decimals (its error on `amounts.N`, N = month − 1), at least
 * one month has one (`amounts`: required), and the reason is required.
 */
export const transactionFormSchema = z.object({
  type: z.enum(ASSIGNMENT_TYPES, { error: 'invalid' }),
  reason: text(500),
  amounts: z
    .array(z.string())
    .length(12)
    .superRefine((amounts, ctx) => {
      amounts.forEach((typed, i) => {
        if (!typed.trim()) return;
        const parsed = positive.safeParse(typed);
        if (!parsed.success) ctx.addIssue({ code: 'custom', path: [i], message: parsed.error.issues[0]!.message });
      });
      if (amounts.every((typed) => !typed.trim())) ctx.addIssue({ code: 'custom', message: 'required' });
    }),
});

/** A typed amount as Q when it is one (> 0, two decimals at most), else null (empty or not yet valid). */
export function typedAmount(typed: string): Money | null {
  if (!typed.trim()) return null;
  const parsed = parseMoney(typed);
  return parsed.ok && parsed.value.greaterThan(0) ? parsed.value : null;
}

/** The sum of the valid amounts typed (Q, exact). */
export function typedTotal(amounts: string[]): Money {
  return sumMoney(amounts.map(typedAmount).filter((a): a is Money => a !== null));
}

/** The request's months: the months with an amount, in calendar order, amounts as 'NNN.NN'. */
export function toTransactionMonths(amounts: string[]): { month: number; amount: string }[] {
  return amounts.flatMap((typed, i) => {
    const amount = typedAmount(typed);
    return amount ? [{ month: i + 1, amount: moneyString(amount) }] : [];
  });
}

/**
 * A refused transaction's errors, placed for the form: a month's limit (`months.N.amount`, or `months.N.month`
 * outside the agreement, N the index in the months sent) under that month's input (`amounts.{month − 1}`), other
 * fields beside themselves, and what concerns the item as a whole (`item_exceeded`, an error on `months`) or no
 * field (the problem's own words: an inactive cooperating) at the top.
 */
export function placeTransactionErrors(
  error: unknown,
  sent: { month: number }[],
  t: TFunction,
): { fields: Record<string, string>; top: string[] } {
  const fields: Record<string, string> = {};
  const top: string[] = [];
  if (!(error instanceof ApiError)) return { fields, top: [t('errors:problem.internal')] };
  for (const e of error.fieldErrors) {
    const message = translateFieldError(t, e);
    const m = /^months\.(\d+)\.(amount|month)$/.exec(e.field);
    const month = m ? sent[Number(m[1])]?.month : undefined;
    if (e.code === 'item_exceeded' || e.field === 'months' || (m && month === undefined)) top.push(message);
    else if (month !== undefined) fields[`amounts.${month - 1}`] ??= message;
    else fields[e.field] = message;
  }
  if (error.fieldErrors.length === 0)
    top.push(t(`errors:problem.${error.code}`, { defaultValue: t('errors:problem.internal') }));
  return { fields, top: [...new Set(top)] };
}
