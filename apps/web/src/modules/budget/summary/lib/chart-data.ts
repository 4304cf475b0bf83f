import { money } from '@amparo/shared/money';
import { formatMoney } from '@amparo/shared/format';

/**
 * Amounts as numbers for drawing only (issue 13: money is exact decimal strings everywhere else): a bar's
 * height and its tooltip, which shows the number back as 'Q 1,234.56'.
 */
export const toChartNumber = (amount: string) => money(amount).toNumber();

/** A bar's value in a tooltip or axis, in quetzales. */
export const chartMoney = (value: number) => formatMoney(value.toFixed(2));
