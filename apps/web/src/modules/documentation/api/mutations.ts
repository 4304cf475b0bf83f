import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Document, DocumentInput, documentUpdate } from '@amparo/shared/modules/documentation.schema';
import type { z } from 'zod';
import { api } from '../../../shared/lib/api';
import { documentationKeys } from './queries';

const base = 'documentation/documents';
const docPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** After a change: the changed document goes into the cache, the lists are refetched. */
export function useDocumentChanged() {
  const queryClient = useQueryClient();
  return (doc?: Document) => {
    if (doc) queryClient.setQueryData(documentationKeys.document(doc.id), doc);
    return queryClient.invalidateQueries({ queryKey: ['documentation', 'documents'] });
  };
}

export function useCreateDocument() {
  const changed = useDocumentChanged();
  return useMutation({
    mutationFn: (body: DocumentInput) => api.post<Document>(base, body),
    onSuccess: (doc) => changed(doc),
  });
}

export function useUpdateDocument(id: string) {
  const changed = useDocumentChanged();
  return useMutation({
    mutationFn: (body: z.input<typeof documentUpdate>) => api.put<Document>(docPath(id), body),
    onSuccess: (doc) => changed(doc),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<object>(docPath(id)),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: documentationKeys.document(id) });
      return queryClient.invalidateQueries({ queryKey: ['documentation', 'documents'] });
    },
  });
}

/** Deletes a file and its earlier revisions; answers the document. */
export function useDeleteFile(documentId: string) {
  const changed = useDocumentChanged();
  return useMutation({
    mutationFn: (fileId: string) => api.delete<Document>(`${docPath(documentId)}/files/${encodeURIComponent(fileId)}`),
    onSuccess: (doc) => changed(doc),
  });
}
