import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress';

describe('progressPercent', () => {
  it('is the achieved share of the goal, rounded half-up to a whole percent', () => {
    expect(progressPercent(1, '2.00')).toBe('50');
    expect(progressPercent(3, '2.00')).toBe('150');
    expect(progressPercent(1, '3.00')).toBe('33');
    expect(progressPercent(2, '3.00')).toBe('67');
    expect(progressPercent(0, '1.50')).toBe('0');
  });

  it('says nothing without a goal', () => {
    expect(progressPercent(4, '0.00')).toBeNull();
  });
});
