import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatMoney } from './format.ts';
import { money, moneyAmount, moneyString, parseMoney, roundMoney, sumMoney } from './money.ts';
import { toFieldErrors } from './validation.ts';

describe('money (issue 13 section 0, decision 0016)', () => {
  it('adds exactly where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(moneyString(money('0.1').plus('0.2'))).toBe('0.30');
    expect(moneyString(sumMoney(Array.from({ length: 1000 }, () => '0.01')))).toBe('10.00');
    expect(moneyString(sumMoney([]))).toBe('0.00');
    expect(sumMoney(['999999999999.99', '0.01']).toFixed(2)).toBe('1000000000000.00');
  });

  it('rounds half-up to the centavo, half away from zero below zero', () => {
    const cases: [string, string][] = [
      ['1.005', '1.01'],
      ['1.004', '1.00'],
      ['2.675', '2.68'], // 2.675 as a float is 2.67499…: toFixed(2) gives 2.67
      ['-1.005', '-1.01'],
      ['-1.004', '-1.00'],
      ['0.125', '0.13'],
      ['1234.5', '1234.50'],
    ];
    for (const [value, rounded] of cases) expect(roundMoney(money(value)).toFixed(2), value).toBe(rounded);
    expect((2.675).toFixed(2)).toBe('2.67');
    // A third of Q 100 split in three: rounding once at the end, the parts add back with the remainder.
    const third = money('100').dividedBy(3);
    expect(moneyString(third)).toBe('33.33');
    expect(moneyString(money('100').minus(roundMoney(third).times(2)))).toBe('33.34');
  });

  it('reads typed or imported amounts and says why one is not', () => {
    expect(parseMoney(' 1234.5 ')).toMatchObject({ ok: true });
    expect(parseMoney('1234.567')).toEqual({ ok: false, problem: 'max_two_decimals' });
    for (const bad of ['', 'abc', '1,234.56', 'Q 12', '1e3', '12.', '.5', 'NaN', 'Infinity'])
      expect(parseMoney(bad), bad).toEqual({ ok: false, problem: 'not_a_number' });
    expect(parseMoney('1000000000000')).toEqual({ ok: false, problem: 'too_big' });
    expect(parseMoney('999999999999.99')).toMatchObject({ ok: true });
    expect(() => money(0.1)).toThrow(TypeError);
    expect(money(12).toFixed(2)).toBe('12.00');
  });

  it('checks a money field of a contract with field error codes', () => {
    const schema = z.object({ amount: moneyAmount() });
    expect(schema.parse({ amount: '12.5' })).toEqual({ amount: '12.50' });
    const errors = (amount: unknown) => toFieldErrors(schema.safeParse({ amount }).error!);
    expect(errors('')).toEqual([{ field: 'amount', code: 'required' }]);
    expect(errors(undefined)).toEqual([{ field: 'amount', code: 'required' }]);
    expect(errors('1.234')).toEqual([{ field: 'amount', code: 'max_two_decimals' }]);
    expect(errors('doce')).toEqual([{ field: 'amount', code: 'not_a_number' }]);
    expect(errors(12.5)).toEqual([{ field: 'amount', code: 'invalid' }]);
    expect(errors('-1')).toEqual([{ field: 'amount', code: 'too_small', params: { min: 0 } }]);
    const positive = z.object({ amount: moneyAmount({ positive: true, max: '100' }) });
    expect(toFieldErrors(positive.safeParse({ amount: '0' }).error!)[0]).toMatchObject({ code: 'too_small' });
    expect(toFieldErrors(positive.safeParse({ amount: '100.01' }).error!)[0]).toMatchObject({
      code: 'too_big',
      params: { max: 100 },
    });
  });

  it('formats quetzales for display', () => {
    expect(formatMoney(moneyString(money('1234567.891')))).toBe('Q 1,234,567.89');
  });
});
