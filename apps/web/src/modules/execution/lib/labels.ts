import type { TFunction } from 'i18next';

/** A planned month as the screens say it: 'marzo 2026'. */
export const monthLabel = (t: TFunction, year: number, month: number) =>
  t('execution:monthOf', { month: t(`execution:months.${month}`), year });

/** A quantity with grouped thousands and only the decimals it has: '2.00' → '2', '1250.50' → '1,250.5'. */
export function formatQuantity(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const decimals = fraction.replace(/0+$/, '');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''}`;
}

/** An invoice as the liquidation names it: 'A-003411', or the number alone for a receipt without serie. */
export const serieNumber = (i: { serie: string | null; number: string }) =>
  i.serie ? `${i.serie}-${i.number}` : i.number;
