import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FunderSummary, PoaSummary } from '@amparo/shared/modules/budget-summary.schema';
import { api } from '../../../shared/lib/api';
import { downloadFile } from '../../../shared/lib/download';
import type { FunderSummarySearch, PoaSummarySearch } from './lib/search';

/** Query keys under ['budget', 'summary'] (a plan's transition refreshes them). */
export const summaryKeys = {
  poa: (year: number, revision: number | undefined) => ['budget', 'summary', 'poa', year, revision ?? null] as const,
  funders: (q: FunderSummarySearch) =>
    ['budget', 'summary', 'funders', q.year ?? null, q.cooperatingId ?? null, q.asOf ?? null] as const,
};

/** GET /api/budget/summary/poa: planned, assigned, committed and executed per axis, program and month (Q). */
export function usePoaSummary(year: number, revision: number | undefined) {
  return useQuery({
    queryKey: summaryKeys.poa(year, revision),
    queryFn: ({ signal }) => api.get<PoaSummary>('budget/summary/poa', { query: { year, revision }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/budget/summary/funders: per cooperating and item, amount to available (Q). */
export function useFunderSummary(q: FunderSummarySearch) {
  return useQuery({
    queryKey: summaryKeys.funders(q),
    queryFn: ({ signal }) =>
      api.get<FunderSummary>('budget/summary/funders', {
        query: { year: q.year, cooperatingId: q.cooperatingId, asOf: q.asOf },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/budget/summary/funders/export: the funder summary with the same filters as xlsx or PDF in `lang`, saved. */
export function downloadFunderSummary(format: 'xlsx' | 'pdf', lang: 'es' | 'en', q: FunderSummarySearch) {
  const params = new URLSearchParams({ format, lang });
  if (q.year) params.set('year', String(q.year));
  if (q.cooperatingId) params.set('cooperatingId', q.cooperatingId);
  if (q.asOf) params.set('asOf', q.asOf);
  return downloadFile(`/api/budget/summary/funders/export?${params.toString()}`, `cooperantes.${format}`);
}

/** GET /api/budget/summary/poa/export: the POA summary of the year (and revision) as xlsx or PDF in `lang`, saved. */
export function downloadPoaSummary(format: 'xlsx' | 'pdf', lang: 'es' | 'en', q: PoaSummarySearch) {
  const params = new URLSearchParams({ format, lang, year: String(q.year) });
  if (q.revision) params.set('revision', String(q.revision));
  return downloadFile(`/api/budget/summary/poa/export?${params.toString()}`, `poa-${q.year}.${format}`);
}
