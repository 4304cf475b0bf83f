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

/**
 * A goal quantity with grouped thousands and only the decimals it has (issue 24 section 6, item 8: counts of
 * whole units show no '.00'): '1234.50' → '1,234.5', '12.00' → '12', '0.25' → '0.25'. String handling, no float.
 */
export function formatQuantity(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const decimals = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''}`;
}
