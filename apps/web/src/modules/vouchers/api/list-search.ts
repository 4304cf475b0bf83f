import type { z } from 'zod';
import { voucherMovementQuery, voucherRangeListQuery } from '@amparo/shared/modules/vouchers.schema';
import { VOUCHER_MOVEMENTS_SEARCH_DEFAULTS, VOUCHERS_SEARCH_DEFAULTS } from './list-url';

/**
 * The list's URL state (?q=&type=&state=&page=), checked with the list query contract: a hand-edited URL that
 * does not fit falls back to the defaults. The page reads its route's raw search through it. The range's kind is
 * `type` in the URL: every route's search params share one type per name, and `kind` is the security log's.
 */
export const vouchersSearch = voucherRangeListQuery
  .pick({ q: true, page: true, state: true })
  .extend({ type: voucherRangeListQuery.shape.kind })
  .catch(VOUCHERS_SEARCH_DEFAULTS);
export type VouchersSearch = z.output<typeof vouchersSearch>;
/** What a link to the list may pass. */
export type VouchersSearchInput = z.input<typeof vouchersSearch>;

export const VOUCHERS_PAGE_SIZE = 25;

/**
 * A range's movements screen's URL state (?number=&movement=&page=), checked with the movements query contract
 * (the movement's kind is `movement` in the URL, as `type` above).
 */
export const voucherMovementsSearch = voucherMovementQuery
  .pick({ number: true, page: true })
  .extend({ movement: voucherMovementQuery.shape.kind })
  .catch(VOUCHER_MOVEMENTS_SEARCH_DEFAULTS);
export type VoucherMovementsSearch = z.output<typeof voucherMovementsSearch>;
export type VoucherMovementsSearchInput = z.input<typeof voucherMovementsSearch>;

export const VOUCHER_MOVEMENTS_PAGE_SIZE = 25;
