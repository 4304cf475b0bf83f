import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatCurrency, formatMoney, formatRate } from './format.ts';
import {
  averageRate,
  exchangeRate,
  money,
  moneyAmount,
  moneyString,
  parseMoney,
  parseRate,
  rateString,
  roundMoney,
  sumMoney,
  toQuetzales,
} from './money.ts';
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

describe('foreign currency and exchange rates (issue 13 section 2)', () => {
  it('formats an amount in its currency with the ISO code, quetzales as Q', () => {
    expect(formatCurrency('1234.56', 'USD')).toBe('USD 1,234.56');
    expect(formatCurrency('100000', 'EUR')).toBe('EUR 100,000.00');
    expect(formatCurrency('1234.5', 'GTQ')).toBe('Q 1,234.50');
    expect(formatCurrency('-0.004', 'USD')).toBe('USD 0.00');
    expect(formatCurrency('-12.5', 'EUR')).toBe('-EUR 12.50');
    expect(formatCurrency('', 'USD')).toBe('—');
    expect(formatCurrency(null, 'USD')).toBe('—');
    expect(formatCurrency('doce', 'USD')).toBe('—');
  });

  it('formats a rate without trailing zeros, at least two decimals', () => {
    expect(formatRate('7.750000')).toBe('7.75');
    expect(formatRate('7.660120')).toBe('7.66012');
    expect(formatRate('1.000000')).toBe('1.00');
    expect(formatRate('0.000001')).toBe('0.000001');
    expect(formatRate('1234.5')).toBe('1,234.50');
    expect(formatRate('')).toBe('—');
    expect(formatRate('-1')).toBe('—');
  });

  it('reads a rate with up to six decimals and says why a text is not one', () => {
    expect(parseRate(' 7.66012 ')).toMatchObject({ ok: true });
    expect(parseRate('7.123456')).toMatchObject({ ok: true });
    expect(parseRate('7.1234567')).toEqual({ ok: false, problem: 'max_six_decimals' });
    expect(parseRate('1000000')).toEqual({ ok: false, problem: 'too_big' });
    expect(parseRate('999999.999999')).toMatchObject({ ok: true });
    for (const bad of ['', 'abc', '-7.5', '7,5', 'Q 7.5', '7.', '.5', '1e1', 'NaN'])
      expect(parseRate(bad), bad).toEqual({ ok: false, problem: 'not_a_number' });
    expect(rateString(money('7.5'))).toBe('7.500000');
    expect(rateString(money('7.1234565'))).toBe('7.123457');
  });

  it('converts to quetzales exactly, rounding the product once, half-up to the centavo', () => {
    // [amount in the currency, rate, exact product, quetzales]
    const cases: [string, string, string, string][] = [
      ['67.00', '7.665', '513.555', '513.56'], // float: 513.55499… → 513.55
      ['4.35', '7.7', '33.495', '33.50'], // float: 33.49
      ['165.00', '7.665', '1264.725', '1264.73'],
      ['9.95', '7.7', '76.615', '76.62'],
      ['1.00', '7.125000', '7.125', '7.13'],
      ['1.00', '7.124999', '7.124999', '7.12'],
      ['0.01', '0.5', '0.005', '0.01'],
      ['12345.67', '7.123455', '87943.82468985', '87943.82'],
      ['40000.00', '7.7', '308000', '308000.00'],
      ['250.00', '1', '250', '250.00'],
    ];
    for (const [amount, rate, exact, q] of cases) {
      expect(money(amount).times(rate).toFixed(), `${amount} × ${rate}`).toBe(exact);
      expect(toQuetzales(amount, rate).toFixed(2), `${amount} × ${rate}`).toBe(q);
    }
    expect((67 * 7.665).toFixed(2)).toBe('513.55');
    expect(Math.round(67 * 7.665 * 100) / 100).toBe(513.55);
  });

  it('averages the rate over what was received, weighted by amount', () => {
    // USD 100 at 7.70 and USD 300 at 7.80: Q 770 + Q 2,340 = Q 3,110 for USD 400 → 7.775.
    expect(averageRate('400.00', '3110.00')!.toFixed(6)).toBe('7.775000');
    expect(averageRate('3.00', '23.00')!.toFixed(6)).toBe('7.666667');
    expect(averageRate('0.00', '0.00')).toBeNull();
  });

  it('checks a rate field of a contract with field error codes', () => {
    const schema = z.object({ rate: exchangeRate() });
    expect(schema.parse({ rate: '7.5' })).toEqual({ rate: '7.500000' });
    expect(schema.parse({ rate: ' 7.66012 ' })).toEqual({ rate: '7.660120' });
    const errors = (rate: unknown) => toFieldErrors(schema.safeParse({ rate }).error!);
    expect(errors('')).toEqual([{ field: 'rate', code: 'required' }]);
    expect(errors(undefined)).toEqual([{ field: 'rate', code: 'required' }]);
    expect(errors(7.5)).toEqual([{ field: 'rate', code: 'invalid' }]);
    expect(errors('7.1234567')).toEqual([{ field: 'rate', code: 'max_six_decimals' }]);
    expect(errors('siete')).toEqual([{ field: 'rate', code: 'not_a_number' }]);
    expect(errors('0')).toEqual([{ field: 'rate', code: 'too_small', params: { min: 0.000001 } }]);
    expect(errors('0.000000')).toEqual([{ field: 'rate', code: 'too_small', params: { min: 0.000001 } }]);
    expect(errors('1000000')).toEqual([{ field: 'rate', code: 'too_big', params: { max: 999999.999999 } }]);
  });
});
