import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../../shared/lib/api';
import {
  EMPTY_TRANSACTION,
  placeTransactionErrors,
  toTransactionMonths,
  transactionFormSchema,
  typedTotal,
} from './transaction-form';

/** A `t` that shows the key and the params it was given. */
const t = ((key: string, params?: Record<string, unknown>) =>
  params?.excess ? `${key}(${String(params.excess)})` : key) as unknown as TFunction;

const amounts = (byMonth: Record<number, string>) => EMPTY_TRANSACTION.amounts.map((_, i) => byMonth[i + 1] ?? '');

describe('assignment transaction form', () => {
  it('sends the months with an amount, in order, and totals them exactly', () => {
    const typed = amounts({ 3: '0.10', 1: '0.20', 12: ' 1000 ', 5: 'abc', 6: '-1' });
    expect(toTransactionMonths(typed)).toEqual([
      { month: 1, amount: '0.20' },
      { month: 3, amount: '0.10' },
      { month: 12, amount: '1000.00' },
    ]);
    expect(typedTotal(typed).toFixed(2)).toBe('1000.30');
  });

  it('checks each typed month and asks for one at least', () => {
    const result = transactionFormSchema.safeParse({
      type: 'increase',
      reason: 'Convenio',
      amounts: amounts({ 2: '1.234', 4: '0', 7: '5' }),
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['amounts.1', 'max_two_decimals'],
      ['amounts.3', 'too_small:0.01'],
    ]);
    const none = transactionFormSchema.safeParse({ type: 'increase', reason: 'x', amounts: amounts({}) });
    expect(none.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amounts', 'required']]);
  });

  it("puts a refused month's error under its month and the item's limit at the top", () => {
    const sent = [{ month: 3 }, { month: 7 }];
    const error = new ApiError({
      status: 409,
      code: 'limit_exceeded',
      errors: [
        { field: 'months.1.amount', code: 'month_exceeded', params: { excess: '5.00' } },
        { field: 'months', code: 'item_exceeded', params: { excess: '12.50' } },
        { field: 'months.0.month', code: 'outside_agreement' },
      ],
    });
    expect(placeTransactionErrors(error, sent, t)).toEqual({
      fields: { 'amounts.6': 'errors:field.month_exceeded(5.00)', 'amounts.2': 'errors:field.outside_agreement' },
      top: ['errors:field.item_exceeded(12.50)'],
    });
    // With one month sent the server puts item_exceeded on its amount: still at the top.
    const single = new ApiError({
      status: 409,
      code: 'limit_exceeded',
      errors: [{ field: 'months.0.amount', code: 'item_exceeded', params: { excess: '1.00' } }],
    });
    expect(placeTransactionErrors(single, [{ month: 2 }], t).top).toEqual(['errors:field.item_exceeded(1.00)']);
    const inactive = new ApiError({ status: 409, code: 'cooperating_inactive' });
    expect(placeTransactionErrors(inactive, sent, t)).toEqual({
      fields: {},
      top: ['errors:problem.cooperating_inactive'],
    });
  });
});
