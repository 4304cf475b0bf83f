import { Money } from '@amparo/shared/money';

/**
 * How much of a goal was achieved, as a whole percent ('150'), with decimal.js (the goal is a decimal string such
 * as '2.50'); null when there is no goal to measure against.
 */
export function progressPercent(achieved: number, goal: string): string | null {
  const target = new Money(goal);
  if (target.lessThanOrEqualTo(0)) return null;
  return new Money(achieved).times(100).div(target).toDecimalPlaces(0, Money.ROUND_HALF_UP).toFixed(0);
}
