import { z } from 'zod';
import { moneyAmount } from '../money.ts';
import { envelope, isoDate, optionalText, text, uuid, version } from '../validation.ts';

/**
 * Framework agreements (blanket orders; issue 26 section 1, key `configuracion_proveedores`): for a recurring
 * provider (fuel, internet, cleaning), a price per item (Q, IVA included) valid from `validFrom` to `validUntil`
 * (dates in America/Guatemala, both inclusive). While valid and active, the agreement counts as the quotes for its
 * items, so a request for them does not repeat the minimum-quotes rule every month; the requests that use it are
 * listed against it.
 */

/** The most items one agreement holds. */
export const AGREEMENT_MAX_ITEMS = 100;

/**
 * An agreement's item as written: `id` keeps an existing item (its uses stay linked to it); without one it is new.
 * `unitPrice` in Q with IVA, more than zero.
 */
export const agreementItemInput = z.object({
  id: uuid.optional(),
  description: text(200, 2),
  unit: text(40, 1),
  unitPrice: moneyAmount({ positive: true }),
});

/**
 * An agreement as written (update adds `version`): `reference` is the contract's number or name as signed;
 * `validUntil` ≥ `validFrom` (`agreement_dates_order`); one item at least (`required` on `items`), none twice
 * (same description and unit: `duplicate` on the later one).
 */
const agreementShape = {
  reference: text(60, 1),
  description: optionalText(500),
  validFrom: isoDate,
  validUntil: isoDate,
  active: z.boolean().default(true),
  items: z.array(agreementItemInput).min(1, 'required').max(AGREEMENT_MAX_ITEMS, `too_big::${AGREEMENT_MAX_ITEMS}`),
};

type AgreementShape = { [K in keyof typeof agreementShape]: z.infer<(typeof agreementShape)[K]> };

function agreementRules(v: AgreementShape, ctx: z.RefinementCtx) {
  if (v.validUntil < v.validFrom)
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'agreement_dates_order' });
  const seen = new Set<string>();
  v.items.forEach((item, i) => {
    const key = `${item.description.toLocaleLowerCase('es')}\u0000${item.unit.toLocaleLowerCase('es')}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['items', i, 'description'], message: 'duplicate' });
    seen.add(key);
  });
}

export const agreementInput = z.object(agreementShape).superRefine(agreementRules);
export type AgreementInput = z.input<typeof agreementInput>;
export const agreementUpdate = z.object({ ...agreementShape, version }).superRefine(agreementRules);

export const agreementItem = z.object({
  id: uuid,
  description: z.string(),
  unit: z.string(),
  unitPrice: z.string(),
});
export type AgreementItem = z.infer<typeof agreementItem>;

/**
 * An agreement as answered, with its state today: `scheduled` (not yet valid), `valid`, `expired`, `inactive`.
 */
export const AGREEMENT_STATES = ['scheduled', 'valid', 'expired', 'inactive'] as const;
export type AgreementState = (typeof AGREEMENT_STATES)[number];

export const agreement = z.object({
  id: uuid,
  providerId: uuid,
  providerName: z.string(),
  reference: z.string(),
  description: z.string().nullable(),
  validFrom: z.string(),
  validUntil: z.string(),
  active: z.boolean(),
  state: z.enum(AGREEMENT_STATES),
  items: z.array(agreementItem),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agreement = z.infer<typeof agreement>;
export const agreementResponse = envelope(agreement);
/** A provider's agreements (`GET /api/providers/:id/agreements`), latest validity first. */
export const agreementListResponse = envelope(z.array(agreement));

/**
 * A use of an agreement (issue 26 section 1, "its use is listed against it"): a request whose quote took its
 * prices from it, with the request's number ('SOL-2027-00042'), status and creation instant, whether that quote
 * was the one selected, and the quote's total (Q; null while incomplete).
 */
export const agreementUse = z.object({
  requestId: uuid,
  number: z.string(),
  status: z.string(),
  createdAt: z.string(),
  selected: z.boolean(),
  total: z.string().nullable(),
});
export type AgreementUse = z.infer<typeof agreementUse>;
/** `GET /api/providers/:id/agreements/:agreement/uses`: newest request first. */
export const agreementUsesResponse = envelope(z.array(agreementUse));
