import { useTranslation } from 'react-i18next';
import { MONTHS } from '@amparo/shared/modules/budget.schema';

export { MONTHS };

/**
 * Month names in the UI language: `name(3)` is 'marzo' / 'March' (as it reads inside a sentence), `short(3)`
 * is 'mar' / 'Mar' for the narrow columns of the month tables.
 */
export function useMonthNames() {
  const { t } = useTranslation('budget');
  return {
    name: (month: number) => t(`budget:assignment.months.${month}`),
    short: (month: number) => t(`budget:assignment.monthsShort.${month}`),
  };
}

/** The month names as Select options (values '1' to '12'). */
export function useMonthOptions() {
  const { name } = useMonthNames();
  return MONTHS.map((m) => ({ value: String(m), label: name(m) }));
}
