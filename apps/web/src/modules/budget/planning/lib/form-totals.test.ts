import { describe, expect, it } from 'vitest';
import { plannedYear, totalWithLine } from './form-totals';

describe('totalWithLine', () => {
  it('adds what is typed to the saved lines of a scope the line is not in', () => {
    expect(totalWithLine('1000.10', null, '0.20')).toBe('1000.30');
  });

  it('replaces the saved amount of the line with what is typed, exactly', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; the total must be exact to the centavo.
    expect(totalWithLine('2000.30', '1000.10', '0.10')).toBe('1000.30');
    expect(totalWithLine('0.30', '0.10', '0.20')).toBe('0.40');
  });

  it('gives the scope without the line when its months are emptied', () => {
    expect(totalWithLine('1234.56', '234.56', '0.00')).toBe('1000.00');
  });
});

describe('plannedYear', () => {
  it('reads the year typed, or null while it is not a plannable year', () => {
    expect(plannedYear(2027)).toBe(2027);
    expect(plannedYear('2027')).toBe(2027);
    expect(plannedYear('202')).toBeNull();
    expect(plannedYear('')).toBeNull();
    expect(plannedYear(2027.5)).toBeNull();
  });
});
