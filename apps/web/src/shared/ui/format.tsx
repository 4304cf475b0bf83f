import { formatDate, formatDateTime, formatMoney } from '../lib/format';

/** Quetzal amounts ('Q 1,234.56', a dash when empty), aligned for tables. */
export function Money({ value }: { value: string | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(value)}</span>;
}

export function DateText({ value, withTime = false }: { value: string | Date | null | undefined; withTime?: boolean }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{withTime ? formatDateTime(value) : formatDate(value)}</span>;
}
