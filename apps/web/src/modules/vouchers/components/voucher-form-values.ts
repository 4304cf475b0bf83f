import type { z } from 'zod';
import type { VoucherKind, VoucherRange, voucherRangeInput } from '@amparo/shared/modules/vouchers.schema';

/**
 * What the inputs hold while editing: empty text is '' (Mantine inputs are controlled), an empty number input is
 * '', a choice not made yet is null. `voucherRangeInput` turns '' into null where it may be empty, so the values go
 * to the schema as they are.
 */
export type VoucherFormValues = {
  kind: VoucherKind | null;
  series: string;
  description: string;
  start: number | '';
  end: number | '';
  expiresOn: string | null;
  /** The amount as a decimal string, '' when none. */
  faceValue: string;
  /** null: the range serves every headquarter. */
  headquarterId: string | null;
  notes: string;
  active: boolean;
};

/** What a submit hands over: the values parsed by the contract (the series normalised, '' → null). */
export type VoucherFormOutput = z.output<typeof voucherRangeInput>;

export function emptyVoucherValues(): VoucherFormValues {
  return {
    kind: null,
    series: '',
    description: '',
    start: '',
    end: '',
    expiresOn: null,
    faceValue: '',
    headquarterId: null,
    notes: '',
    active: true,
  };
}

/** A saved range as the form's values. */
export function toVoucherFormValues(r: VoucherRange): VoucherFormValues {
  return {
    kind: r.kind,
    series: r.series,
    description: r.description,
    start: r.start,
    end: r.end,
    expiresOn: r.expiresOn,
    faceValue: r.faceValue ?? '',
    headquarterId: r.headquarterId,
    notes: r.notes ?? '',
    active: r.active,
  };
}

/** Some number of the range was reserved, used or voided: its series and numbers are fixed (`voucher_range_in_use`). */
export const hasIssuedVouchers = (r: Pick<VoucherRange, 'reserved' | 'used' | 'voided'>) =>
  r.reserved + r.used + r.voided > 0;

/** A range's name on screen: its description, and its series when it has one. */
export const rangeName = (r: Pick<VoucherRange, 'series' | 'description'>) =>
  r.series ? `${r.series} · ${r.description}` : r.description;
