import type { z } from 'zod';
import type { Provider, providerInput, TaxRegime } from '@amparo/shared/modules/providers.schema';

/** Guatemala: departments and municipalities (INE codes) apply there only; elsewhere the city is free text. */
export const DEFAULT_COUNTRY = 'GT';

/**
 * What the inputs hold while editing: empty text is '' (Mantine inputs are controlled), a choice not made yet is
 * null. `providerInput` turns '' into null, so the values go to the schema as they are.
 */
export type ProviderFormValues = {
  name: string;
  tradeName: string;
  nit: string;
  taxRegime: TaxRegime | null;
  hasRetention: boolean;
  country: string;
  state: string | null;
  town: string | null;
  city: string;
  address: string;
  contactName: string;
  phones: string[];
  email: string;
  bankName: string;
  bankAccount: string;
  active: boolean;
};

/** What a submit hands over: the values parsed by the contract (trimmed, the NIT normalised, '' → null). */
export type ProviderFormOutput = z.output<typeof providerInput>;

export function emptyProviderValues(): ProviderFormValues {
  return {
    name: '',
    tradeName: '',
    nit: '',
    taxRegime: null,
    hasRetention: false,
    country: DEFAULT_COUNTRY,
    state: null,
    town: null,
    city: '',
    address: '',
    contactName: '',
    phones: [],
    email: '',
    bankName: '',
    bankAccount: '',
    active: true,
  };
}

/** A saved provider as the form's values. */
export function toProviderFormValues(p: Provider): ProviderFormValues {
  return {
    name: p.name,
    tradeName: p.tradeName ?? '',
    nit: p.nit,
    taxRegime: p.taxRegime,
    hasRetention: p.hasRetention,
    country: p.country,
    state: p.state,
    town: p.town,
    city: p.city ?? '',
    address: p.address ?? '',
    contactName: p.contactName ?? '',
    phones: [...p.phones],
    email: p.email ?? '',
    bankName: p.bankName ?? '',
    bankAccount: p.bankAccount ?? '',
    active: p.active,
  };
}
