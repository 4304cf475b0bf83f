import { describe, expect, it } from 'vitest';
import { formatQuantity, sumTyped } from './month-totals';

describe("the month grid's live totals", () => {
  it('add exactly what was typed, empty and unfinished fields as 0', () => {
    // Twelve times Q 0.10: a float sum gives 1.2000000000000002.
    expect(sumTyped(Array.from({ length: 12 }, () => '0.10'))).toBe('1.20');
    expect(sumTyped(['1234.56', '', ' 0.44 ', '12.', 'abc', '1.005'])).toBe('1235.00');
    expect(sumTyped([])).toBe('0.00');
    expect(sumTyped(['999999999999.99', '0.01'])).toBe('1000000000000.00');
  });

  it('show a quantity with grouped thousands, whole units without decimals', () => {
    expect(formatQuantity('1234567.5')).toBe('1,234,567.5');
    expect(formatQuantity('1234567.50')).toBe('1,234,567.5');
    expect(formatQuantity('12.00')).toBe('12');
    expect(formatQuantity('24')).toBe('24');
    expect(formatQuantity('0.00')).toBe('0');
    expect(formatQuantity('0.25')).toBe('0.25');
    expect(formatQuantity('-1200.25')).toBe('-1,200.25');
  });
});
