import { describe, expect, it } from 'vitest';
import { voucherRangeInput, type VoucherRange } from '@amparo/shared/modules/vouchers.schema';
import {
  emptyVoucherValues,
  hasIssuedVouchers,
  rangeName,
  toVoucherFormValues,
} from '../components/voucher-form-values';
import { voucherMovementsSearch, vouchersSearch } from './list-search';
import { VOUCHER_MOVEMENTS_SEARCH_DEFAULTS, VOUCHERS_SEARCH_DEFAULTS } from './list-url';

const RANGE: VoucherRange = {
  id: '0b7c8f0e-6f57-4c1e-9a59-3d7f0c3e2a11',
  kind: 'fuel',
  series: 'CB',
  description: 'Cupones de combustible 2027',
  start: 1001,
  end: 1100,
  total: 100,
  available: 97,
  reserved: 1,
  used: 1,
  voided: 1,
  expiresOn: '2027-06-30',
  faceValue: '100.00',
  headquarterId: null,
  headquarterName: null,
  notes: null,
  active: true,
  state: 'valid',
  version: 3,
  createdAt: '2026-12-03T10:00:00.000Z',
  updatedAt: '2026-12-03T10:00:00.000Z',
};

describe('the vouchers list reads its URL with its contract', () => {
  it('an empty URL is the list with the defaults the route strips', () => {
    expect(vouchersSearch.parse({})).toEqual(VOUCHERS_SEARCH_DEFAULTS);
    expect(voucherMovementsSearch.parse({})).toEqual(VOUCHER_MOVEMENTS_SEARCH_DEFAULTS);
  });

  it('takes the search, the kind (as `type`), the state and the page', () => {
    expect(vouchersSearch.parse({ q: ' combustible ', type: 'fuel', state: 'expiring', page: '2' })).toEqual({
      q: 'combustible',
      type: 'fuel',
      state: 'expiring',
      page: 2,
    });
    expect(vouchersSearch.parse({ state: 'usable' }).state).toBe('usable');
    expect(voucherMovementsSearch.parse({ number: '1050', movement: 'voided', page: 3 })).toEqual({
      number: 1050,
      movement: 'voided',
      page: 3,
    });
  });

  it('a hand-edited value that does not fit opens the list with its defaults', () => {
    expect(vouchersSearch.parse({ state: 'soon' })).toEqual(VOUCHERS_SEARCH_DEFAULTS);
    expect(vouchersSearch.parse({ type: 'coupon' })).toEqual(VOUCHERS_SEARCH_DEFAULTS);
    expect(voucherMovementsSearch.parse({ number: '0' })).toEqual(VOUCHER_MOVEMENTS_SEARCH_DEFAULTS);
    expect(voucherMovementsSearch.parse({ movement: 'lost' })).toEqual(VOUCHER_MOVEMENTS_SEARCH_DEFAULTS);
  });
});

describe('the voucher form values', () => {
  it('a saved range goes back to the contract unchanged', () => {
    expect(voucherRangeInput.parse(toVoucherFormValues(RANGE))).toEqual({
      kind: 'fuel',
      series: 'CB',
      description: 'Cupones de combustible 2027',
      start: 1001,
      end: 1100,
      expiresOn: '2027-06-30',
      faceValue: '100.00',
      headquarterId: null,
      notes: null,
      active: true,
    });
  });

  it('an empty form is refused by the contract (nothing is filled in for the user)', () => {
    expect(voucherRangeInput.safeParse(emptyVoucherValues()).success).toBe(false);
  });

  it('a range with a reserved, used or voided voucher keeps its numbers', () => {
    expect(hasIssuedVouchers(RANGE)).toBe(true);
    expect(hasIssuedVouchers({ reserved: 0, used: 0, voided: 0 })).toBe(false);
    expect(rangeName(RANGE)).toBe('CB · Cupones de combustible 2027');
    expect(rangeName({ ...RANGE, series: '' })).toBe('Cupones de combustible 2027');
  });
});
