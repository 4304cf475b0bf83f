import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Document, documentListResponse } from '@amparo/shared/modules/documentation.schema';
import type { personListResponse } from '@amparo/shared/modules/population.schema';
import { api } from '../../../shared/lib/api';
import type { DocumentListSearch } from './list-search';

export type DocumentPage = z.infer<typeof documentListResponse>['data'];
type PersonPage = z.infer<typeof personListResponse>['data'];

/** Every key of the module starts with 'documentation', so one invalidation reaches them all. */
export const documentationKeys = {
  all: ['documentation'] as const,
  list: (search: DocumentListSearch) => ['documentation', 'documents', search] as const,
  document: (id: string) => ['documentation', 'document', id] as const,
  personOptions: (q: string) => ['documentation', 'person-options', q] as const,
};

export const getDocumentsQueryOptions = (search: DocumentListSearch) =>
  queryOptions({
    queryKey: documentationKeys.list(search),
    queryFn: ({ signal }) => api.get<DocumentPage>('documentation/documents', { query: search, signal }),
    // Keep the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
export const useDocuments = (search: DocumentListSearch) => useQuery(getDocumentsQueryOptions(search));

export const getDocumentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: documentationKeys.document(id),
    queryFn: ({ signal }) => api.get<Document>(`documentation/documents/${encodeURIComponent(id)}`, { signal }),
  });
export const useDocument = (id: string) => useQuery(getDocumentQueryOptions(id));

/** How many persons the picker offers per search. */
const PERSON_OPTIONS = 10;

/**
 * Registered persons for the related-person picker. The server answers only
 * persons the user holds a grant on, and 403 when the user lacks
 * poblacion_poblacion (the picker then hides itself).
 */
export const getPersonOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: documentationKeys.personOptions(q),
    queryFn: ({ signal }) => api.get<PersonPage>('population/persons', { query: { q, pageSize: PERSON_OPTIONS }, signal }),
    staleTime: 60_000,
    retry: false,
  });
export const usePersonOptions = (q: string, enabled: boolean) => useQuery({ ...getPersonOptionsQueryOptions(q), enabled });
