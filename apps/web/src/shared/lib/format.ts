// Re-exported so pages import formatting from one place (spec section 9).
export {
  formatMoney,
  formatCurrency,
  formatRate,
  formatCents,
  formatDate,
  formatDateTime,
  formatLocalDateTime,
  EMPTY,
} from '@amparo/shared/format';
