import { describe, expect, it } from 'vitest';
import { itemAmount, itemsTotal, requestedByLine, type RequestItemValues } from '../components/request-form-values';
import { formatQuantity } from './labels';
import { monthParam, parseMonthParam } from './month';

const row = (lineId: string | null, quantity: string, unitPrice: string): RequestItemValues => ({
  rowKey: `${lineId}-${quantity}-${unitPrice}`,
  lineId,
  description: 'x',
  unit: 'u',
  quantity,
  unitPrice,
});

describe('a request form’s figures', () => {
  it('work each amount out as the server does: quantity × price, half up to the centavo', () => {
    expect(itemAmount(row('a', '3', '250.50'))).toBe('751.50');
    expect(itemAmount(row('a', '0.5', '0.05'))).toBe('0.03');
    expect(itemAmount(row('a', '', '10'))).toBeNull();
    expect(itemAmount(row('a', '2', 'abc'))).toBeNull();
    expect(itemsTotal([row('a', '2', '500'), row('a', '3', '250.50'), row(null, '', '')])).toBe('1751.50');
  });

  it('sum what the items ask of each chosen line, in first-use order', () => {
    expect(
      requestedByLine([row('b', '1', '10'), row(null, '1', '5'), row('a', '2', '1'), row('b', '1', '0.5')]),
    ).toEqual([
      { lineId: 'b', amount: '10.50' },
      { lineId: 'a', amount: '2.00' },
    ]);
  });
});

describe('the planned month in the URL', () => {
  it('is YYYY-MM of a plannable year, anything else is refused', () => {
    expect(parseMonthParam('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(monthParam({ year: 2026, month: 3 })).toBe('2026-03');
    for (const bad of ['2026-13', '2026-00', '2026-3', '1999-05', 'abcd-ef', '2026-03-01', ''])
      expect(parseMonthParam(bad), bad).toBeNull();
  });

  it('shows quantities without trailing zeros', () => {
    expect(formatQuantity('2.00')).toBe('2');
    expect(formatQuantity('1250.50')).toBe('1,250.5');
  });
});
