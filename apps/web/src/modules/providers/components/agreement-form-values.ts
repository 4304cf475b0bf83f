import type { z } from 'zod';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Agreement, agreementInput } from '@amparo/shared/modules/framework-agreements.schema';

/**
 * An item row as the form holds it: `id` only for a saved item (the server keeps it and its uses), `rowKey` the
 * row's React key only (the contract strips it), the price as typed ('1250.5').
 */
export type AgreementItemValues = {
  id?: string;
  rowKey: string;
  description: string;
  unit: string;
  unitPrice: string;
};

/** What the inputs hold while editing: empty text is '', a date not chosen yet is null. */
export type AgreementFormValues = {
  reference: string;
  description: string;
  validFrom: string | null;
  validUntil: string | null;
  active: boolean;
  items: AgreementItemValues[];
};

/** What a submit hands over: the values parsed by the contract (trimmed, '' → null, prices as '1250.50'). */
export type AgreementFormOutput = z.output<typeof agreementInput>;

let nextRow = 0;
/** A new, empty item row. */
export function emptyAgreementItem(): AgreementItemValues {
  nextRow += 1;
  return { rowKey: `new-${nextRow}`, description: '', unit: '', unitPrice: '' };
}

/** A new agreement: valid from today, active, one empty item. */
export function emptyAgreementValues(): AgreementFormValues {
  return {
    reference: '',
    description: '',
    validFrom: todayInGuatemala(),
    validUntil: null,
    active: true,
    items: [emptyAgreementItem()],
  };
}

/** A saved agreement as the form's values (its items keep their ids). */
export function toAgreementFormValues(a: Agreement): AgreementFormValues {
  return {
    reference: a.reference,
    description: a.description ?? '',
    validFrom: a.validFrom,
    validUntil: a.validUntil,
    active: a.active,
    items: a.items.map((item) => ({
      id: item.id,
      rowKey: item.id,
      description: item.description,
      unit: item.unit,
      unitPrice: item.unitPrice,
    })),
  };
}
