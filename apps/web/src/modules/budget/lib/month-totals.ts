import { moneyString, parseMoney, sumMoney } from '@amparo/shared/money';

/**
 * The exact sum (decimal.js, never floats) of what was typed in a column of
 * the month grid, as a decimal string with two decimals ('1234.50'). An empty
 * field counts as 0, and so does one that is not an amount yet (its own
 * error is shown beside it).
 */
export function sumTyped(values: string[]): string {
  return moneyString(
    sumMoney(
      values.flatMap((text) => {
        const parsed = parseMoney(text);
        return parsed.ok ? [parsed.value] : [];
      }),
    ),
  );
}

/** A quantity with two decimals and grouped thousands, without a currency ('1234.5' → '1,234.50'). */
export function formatQuantity(value: string): string {
  const [whole = '0', fraction = '00'] = value.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}
