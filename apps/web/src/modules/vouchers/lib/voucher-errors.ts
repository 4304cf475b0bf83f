import type { TFunction } from 'i18next';
import { VOUCHER_STATUSES, type VoucherStatus } from '@amparo/shared/modules/vouchers.schema';
import { ApiError } from '../../../shared/lib/api';

/**
 * A refusal's field-error params as words before they are shown (the server sends codes, architecture rule 8): a
 * voucher's status ('used') in the page's language, and the other range's empty series as "no series". Returns the
 * same error, to be thrown on.
 */
export function localizeVoucherErrors(error: unknown, t: TFunction): unknown {
  if (!(error instanceof ApiError)) return error;
  for (const e of error.fieldErrors) {
    const params = e.params;
    if (!params) continue;
    if (e.code === 'voucher_not_available' && VOUCHER_STATUSES.includes(params.status as VoucherStatus))
      params.status = t(`vouchers:statuses.${params.status as VoucherStatus}`);
    if (e.code === 'voucher_range_overlap' && params.series === '') params.series = t('vouchers:noSeries');
  }
  return error;
}
