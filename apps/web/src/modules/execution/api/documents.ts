import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { api } from '../../../shared/lib/api';
import { downloadFile } from '../../../shared/lib/download';
import { executionKeys, requestPath } from './queries';

/** `/api/execution/requests/:id`, for the documents the browser fetches itself. */
const requestUrl = (id: string) => `/api/${requestPath(id)}`;

/** GET .../pdf: the request as a PDF in `lang` (items, approvals, selected quote, payment), saved as the server names it. */
export function downloadRequestPdf(id: string, lang: 'es' | 'en') {
  return downloadFile(`${requestUrl(id)}/pdf?lang=${lang}`, 'solicitud.pdf');
}

/** GET .../comparison/pdf: a purchase order's comparative table as a PDF in `lang`, saved. */
export function downloadComparisonPdf(id: string, lang: 'es' | 'en') {
  return downloadFile(`${requestUrl(id)}/comparison/pdf?lang=${lang}`, 'cuadro-comparativo.pdf');
}

/** Where a provider's quote PDF opens inline (GET .../quotes/:providerId/file). */
export const quoteFileUrl = (id: string, providerId: string) =>
  `${requestUrl(id)}/quotes/${encodeURIComponent(providerId)}/file`;

/** Attaches (or replaces) a provider's quote PDF (PUT .../quotes/:providerId/file, multipart `file`). */
export function useAttachQuoteFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, file }: { providerId: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api.put<ExpenseRequest>(`${requestPath(id)}/quotes/${encodeURIComponent(providerId)}/file`, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: executionKeys.all }),
  });
}
