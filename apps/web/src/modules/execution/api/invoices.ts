import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  invoiceInput,
  invoiceUpdate,
  liquidatorChangeInput,
  refundDepositInput,
  requestInvoices,
  RequestRefund,
} from '@amparo/shared/modules/invoices.schema';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { api } from '../../../shared/lib/api';
import { downloadFile } from '../../../shared/lib/download';
import { executionKeys, requestPath } from './queries';

export type RequestInvoices = z.infer<typeof requestInvoices>;
/** The key of a request's invoices and sums (the per diems' writes refresh it: the sums count them). */
export const invoicesKey = (id: string) => [...executionKeys.one(id), 'invoices'] as const;
const invoicesPath = (id: string) => `${requestPath(id)}/invoices`;

/** A paid request's invoices with their retentions and sums (issue 27 section 1). */
export function useRequestInvoices(id: string, enabled = true) {
  return useQuery({
    queryKey: invoicesKey(id),
    queryFn: () => api.get<RequestInvoices>(invoicesPath(id)),
    enabled,
  });
}

/** Records, rewrites or removes one invoice; each answers the request's invoices, which replace the cached ones. */
export function useInvoiceWrites(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = (data: RequestInvoices) => queryClient.setQueryData(invoicesKey(id), data);
  return {
    add: useMutation({
      mutationFn: (body: z.input<typeof invoiceInput>) => api.post<RequestInvoices>(invoicesPath(id), body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ invoiceId, body }: { invoiceId: string; body: z.input<typeof invoiceUpdate> }) =>
        api.put<RequestInvoices>(`${invoicesPath(id)}/${encodeURIComponent(invoiceId)}`, body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (invoiceId: string) =>
        api.delete<RequestInvoices>(`${invoicesPath(id)}/${encodeURIComponent(invoiceId)}`),
      onSuccess,
    }),
    /** A FEL invoice from its certified XML (POST .../invoices/xml, multipart `file`): everything read from it. */
    fromXml: useMutation({
      mutationFn: (file: File) => {
        const body = new FormData();
        body.append('file', file);
        return api.post<RequestInvoices>(`${invoicesPath(id)}/xml`, body);
      },
      onSuccess,
    }),
    /** Records that a FEL invoice was checked at SAT (not voided). */
    satCheck: useMutation({
      mutationFn: ({ invoiceId, version }: { invoiceId: string; version: number }) =>
        api.post<RequestInvoices>(`${invoicesPath(id)}/${encodeURIComponent(invoiceId)}/sat-check`, { version }),
      onSuccess,
    }),
  };
}

/** Where a scan opens inline: an invoice's (`invoiceId`) or the refund's deposit slip (null). */
export const scanUrl = (id: string, invoiceId: string | null) =>
  `/api/${invoiceId ? `${invoicesPath(id)}/${encodeURIComponent(invoiceId)}/scan` : `${requestPath(id)}/refund/slip`}`;

/** Attaches (or replaces) a scan: an invoice's or the refund's deposit slip (multipart `file`). */
export function useAttachScan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, file }: { invoiceId: string | null; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api.put<RequestInvoices>(scanUrl(id, invoiceId).replace(/^\/api\//, ''), body);
    },
    onSuccess: (data) => queryClient.setQueryData(invoicesKey(id), data),
  });
}

/** Saves a FEL invoice's certified XML as it was uploaded. */
export function downloadInvoiceXml(id: string, invoiceId: string) {
  return downloadFile(`/api/${invoicesPath(id)}/${encodeURIComponent(invoiceId)}/xml`, 'dte.xml');
}

/**
 * A liquidation's refund (its deposit, by the liquidator; its receipt, by administration) and a change of its
 * liquidator (administration): each refetches the request and its invoices.
 */
export function useLiquidationWrites(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: executionKeys.all });
  return {
    deposit: useMutation({
      mutationFn: (body: z.input<typeof refundDepositInput>) =>
        api.put<RequestRefund>(`${requestPath(id)}/refund`, body),
      onSuccess,
    }),
    receive: useMutation({
      mutationFn: (version: number) => api.post<RequestRefund>(`${requestPath(id)}/refund/receive`, { version }),
      onSuccess,
    }),
    changeLiquidator: useMutation({
      mutationFn: (body: z.input<typeof liquidatorChangeInput>) =>
        api.put<ExpenseRequest>(`${requestPath(id)}/liquidator`, body),
      onSuccess,
    }),
  };
}
