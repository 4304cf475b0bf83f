import { todayInGuatemala } from '@amparo/shared/format';
import type { Cooperating } from '@amparo/shared/modules/cooperating.schema';

/** A transaction's or a disbursement's date defaults to today, kept within the agreement period. */
export function defaultAgreementDate(c: Pick<Cooperating, 'startDate' | 'endDate'>): string {
  const today = todayInGuatemala();
  return today < c.startDate ? c.startDate : today > c.endDate ? c.endDate : today;
}
