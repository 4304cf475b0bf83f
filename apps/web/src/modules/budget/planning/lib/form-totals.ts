import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.schema';
import { money, moneyString } from '@amparo/shared/money';

/**
 * A scope's planned total (a program, an axis or the year) with the line being edited as typed: the server's
 * total over the saved lines, less the saved line's own amount when it counts in that scope (it is among the
 * saved lines), plus the amount typed now. Exact (decimal.js), as '1234.50'.
 */
export function totalWithLine(serverTotal: string, savedAmountInScope: string | null, typed: string): string {
  return moneyString(
    money(serverTotal)
      .minus(savedAmountInScope ?? '0')
      .plus(typed),
  );
}

/** The form's year when it is one a line can be planned for (the field holds what was typed), else null. */
export function plannedYear(value: unknown): number | null {
  const year = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof year === 'number' && Number.isInteger(year) && year >= PLAN_YEAR_MIN && year <= PLAN_YEAR_MAX
    ? year
    : null;
}
