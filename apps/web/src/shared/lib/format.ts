// Re-exported so pages import formatting from one place (spec section 9).
export {
  formatMoney,
  formatCents,
  formatDate,
  formatDateTime,
  formatLocalDateTime,
  EMPTY,
} from '@amparo/shared/format';
