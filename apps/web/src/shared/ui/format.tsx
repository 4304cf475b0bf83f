import { formatCurrency, formatDate, formatDateTime, formatMoney, formatRate } from '../lib/format';

/** Quetzal amounts ('Q 1,234.56', a dash when empty), aligned for tables. */
export function Money({ value }: { value: string | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(value)}</span>;
}

/** An amount in an agreement's currency ('USD 1,234.56'; 'Q …' for GTQ), aligned for tables. */
export function CurrencyAmount({ value, currency }: { value: string | null | undefined; currency: string }) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatCurrency(value, currency)}</span>
  );
}

/** An exchange rate, quetzales per unit, without trailing zeros ('7.75', '7.66012'). */
export function Rate({ value }: { value: string | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatRate(value)}</span>;
}

export function DateText({ value, withTime = false }: { value: string | Date | null | undefined; withTime?: boolean }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{withTime ? formatDateTime(value) : formatDate(value)}</span>;
}
