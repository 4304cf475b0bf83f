import { z } from 'zod';
import { isValidNit, normalizeNit } from '../identifiers.ts';
import { envelope, optionalText, paged, pageQuery, searchTerm, text, uuid, version } from '../validation.ts';
import { phoneField } from './auth.schema.ts';

/**
 * Providers (issue 26 section 1, key `configuracion_proveedores`): whom the charity buys from. The expense
 * requests quote, select and pay them. A provider is identified by its NIT (SAT's modulo-11 check digit), unique.
 */

/**
 * SAT's tax regimes (Ley de Actualización Tributaria, Decreto 10-2012): `general` (sobre las utilidades de
 * actividades lucrativas), `simplified` (opcional simplificado sobre ingresos: the payer retains ISR),
 * `small_taxpayer` (pequeño contribuyente, 5 % IVA, no ISR retention).
 */
export const TAX_REGIMES = ['general', 'simplified', 'small_taxpayer'] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

const nullableCode = (pattern: RegExp) =>
  z
    .preprocess((v) => (v === '' ? null : v), z.string().regex(pattern, 'invalid').nullable().optional())
    .transform((v) => v ?? null);

/**
 * A provider as written (create; update adds `version`). `nit` is normalised (upper case, no spaces or dashes)
 * and must pass the check digit (`nit_invalid`; 'CF' is no provider's NIT). In Guatemala (`country` GT, the
 * default) `state` (department, INE code) is required and `town` (municipality, INE code) must lie in it
 * (`municipality_not_in_department`); abroad, `city` is free text and `state`/`town` stay empty. Phones: up to 3.
 */
const providerShape = {
  name: text(200, 2),
  tradeName: optionalText(200),
  nit: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(20, 'length:1:20')
    .transform(normalizeNit)
    .refine((v) => isValidNit(v), 'nit_invalid'),
  taxRegime: z.enum(TAX_REGIMES, { error: 'invalid' }),
  /** Whether the charity retains tax (ISR or IVA) when paying this provider. */
  hasRetention: z.boolean().default(false),
  country: z.string().trim().toUpperCase().length(2, 'invalid').default('GT'),
  state: nullableCode(/^\d{2}$/),
  town: nullableCode(/^\d{4}$/),
  city: optionalText(120),
  address: optionalText(250),
  contactName: optionalText(120),
  phones: z.array(phoneField).max(3, 'too_big::3').default([]),
  email: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z.email({ error: 'invalid' }).max(254, 'length:1:254').nullable().optional(),
    )
    .transform((v) => v ?? null),
  bankName: optionalText(100),
  bankAccount: optionalText(40),
  active: z.boolean().default(true),
};

type ProviderShape = { [K in keyof typeof providerShape]: z.infer<(typeof providerShape)[K]> };

function providerRules(v: ProviderShape, ctx: z.RefinementCtx) {
  if (v.country === 'GT' && !v.state) ctx.addIssue({ code: 'custom', path: ['state'], message: 'required' });
  if (v.country !== 'GT' && v.state) ctx.addIssue({ code: 'custom', path: ['state'], message: 'invalid' });
  if (v.town && !v.state) ctx.addIssue({ code: 'custom', path: ['state'], message: 'required' });
  if (v.town && v.state && !v.town.startsWith(v.state))
    ctx.addIssue({ code: 'custom', path: ['town'], message: 'municipality_not_in_department' });
}

export const providerInput = z.object(providerShape).superRefine(providerRules);
export type ProviderInput = z.input<typeof providerInput>;
export const providerUpdate = z.object({ ...providerShape, version }).superRefine(providerRules);

/** A provider as answered, with its department's and municipality's names (from the INE geography). */
export const provider = z.object({
  id: uuid,
  name: z.string(),
  tradeName: z.string().nullable(),
  nit: z.string(),
  taxRegime: z.enum(TAX_REGIMES),
  hasRetention: z.boolean(),
  country: z.string(),
  state: z.string().nullable(),
  stateName: z.string().nullable(),
  town: z.string().nullable(),
  townName: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  phones: z.array(z.string()),
  email: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Provider = z.infer<typeof provider>;
export const providerResponse = envelope(provider);

/**
 * The list (`GET /api/providers`): `q` searches the name and trade name by words (every word a prefix, accents
 * and case ignored), or is a NIT matched exactly (normalised); `active` filters; by name.
 */
export const providerListQuery = pageQuery.extend({
  q: searchTerm(100),
  active: z.enum(['all', 'active', 'inactive']).default('all'),
});
export const providerListResponse = envelope(paged(provider));
