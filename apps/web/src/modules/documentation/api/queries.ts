import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Document, documentListResponse } from '@amparo/shared/modules/documentation.schema';
import { api } from '../../../shared/lib/api';
import type { DocumentListSearch } from './list-search';

export type DocumentPage = z.infer<typeof documentListResponse>['data'];

/** Every key of the module starts with 'documentation', so one invalidation reaches them all. */
export const documentationKeys = {
  all: ['documentation'] as const,
  list: (search: DocumentListSearch) => ['documentation', 'documents', search] as const,
  document: (id: string) => ['documentation', 'document', id] as const,
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

/**
 * The name of the person a new document is for (opened from their file). It
 * reads the person's record, so the server checks the grant and audits it.
 */
export const usePersonName = (personId: string | undefined) =>
  useQuery({
    queryKey: ['documentation', 'person-name', personId],
    queryFn: async ({ signal }) => {
      const p = await api.get<{ names: string; lastNames: string; fileCode: string }>(
        `population/persons/${personId}`,
        { signal },
      );
      return { id: personId!, name: `${p.names} ${p.lastNames}`, fileCode: p.fileCode };
    },
    enabled: !!personId,
    staleTime: Infinity,
  });
