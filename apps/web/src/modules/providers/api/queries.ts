import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Agreement, AgreementUse } from '@amparo/shared/modules/framework-agreements.schema';
import type { Provider, providerListQuery, providerListResponse } from '@amparo/shared/modules/providers.schema';
import { api } from '../../../shared/lib/api';

type ProviderListQuery = z.output<typeof providerListQuery>;
type ProviderPage = z.infer<typeof providerListResponse>['data'];

export const providerPath = (id: string) => `providers/${encodeURIComponent(id)}`;
export const agreementsPath = (id: string) => `${providerPath(id)}/agreements`;
export const agreementPath = (id: string, agreementId: string) =>
  `${agreementsPath(id)}/${encodeURIComponent(agreementId)}`;

/** Query keys: everything under ['providers'] (a write refreshes the lists and the record). */
export const providerKeys = {
  all: ['providers'] as const,
  list: (query: ProviderListQuery) => ['providers', 'list', query] as const,
  one: (id: string) => ['providers', id] as const,
  agreements: (id: string) => ['providers', id, 'agreements'] as const,
  agreement: (id: string, agreementId: string) => ['providers', id, 'agreements', agreementId] as const,
};

export const getProviderListQueryOptions = (query: ProviderListQuery) =>
  queryOptions({
    queryKey: providerKeys.list(query),
    queryFn: () => api.get<ProviderPage>('providers', { query }),
    // Keep the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useProviderList(query: ProviderListQuery) {
  return useQuery(getProviderListQueryOptions(query));
}

export const getProviderQueryOptions = (id: string) =>
  queryOptions({ queryKey: providerKeys.one(id), queryFn: () => api.get<Provider>(providerPath(id)) });

export function useProvider(id: string) {
  return useQuery(getProviderQueryOptions(id));
}

export const getAgreementsQueryOptions = (id: string) =>
  queryOptions({ queryKey: providerKeys.agreements(id), queryFn: () => api.get<Agreement[]>(agreementsPath(id)) });

/** A provider's framework agreements, latest validity first, each with its items and its state today. */
export function useAgreements(id: string) {
  return useQuery(getAgreementsQueryOptions(id));
}

export const getAgreementQueryOptions = (id: string, agreementId: string) =>
  queryOptions({
    queryKey: providerKeys.agreement(id, agreementId),
    queryFn: () => api.get<Agreement>(agreementPath(id, agreementId)),
  });

export function useAgreement(id: string, agreementId: string) {
  return useQuery(getAgreementQueryOptions(id, agreementId));
}

/** The requests whose quote took its prices from the agreement (`GET .../agreements/:agreement/uses`), newest first. */
export function useAgreementUses(id: string, agreementId: string) {
  return useQuery({
    queryKey: [...providerKeys.agreement(id, agreementId), 'uses'],
    queryFn: () => api.get<AgreementUse[]>(`${agreementPath(id, agreementId)}/uses`),
  });
}
