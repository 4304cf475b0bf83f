import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceInput, invoiceUpdate, requestInvoicesResponse } from '@amparo/shared/modules/invoices.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './invoices.service.ts';

const tags = ['execution'];
const params = z.object({ id: uuid });
const invoiceParams = z.object({ id: uuid, invoice: uuid });
// The module key: a request's liquidator is its requester, and whoever may open the request reads its invoices.
const permission = 'ejecucion' as const;
const writeProblems = {
  403: ['forbidden' as const],
  404: ['not_found' as const],
  409: ['liquidation_closed' as const, 'invoice_duplicate' as const],
};

/**
 * The invoices a paid request is liquidated with (issue 27 section 1): read by whoever may open the request,
 * written by its liquidator while the request is paid and its liquidation not sent. Each answer is the request's
 * invoices with their retentions and sums.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/execution/requests/:id/invoices',
    {
      config: { permission, problems: { 404: ['not_found'] } },
      schema: {
        operationId: 'listRequestInvoices',
        tags,
        summary: "A request's invoices with their retentions, the sum invoiced against the amount given",
        params,
        response: { 200: requestInvoicesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listInvoices(db(), actorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/execution/requests/:id/invoices',
    {
      config: { permission, problems: writeProblems },
      schema: {
        operationId: 'addRequestInvoice',
        tags,
        summary:
          'Record an invoice of a paid request, by its liquidator (audited): 400 invoice_after_today, invoice_too_old, provider_inactive; 403 not_liquidator; 409 invoice_duplicate, liquidation_closed',
        params,
        body: invoiceInput,
        response: { 200: requestInvoicesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addInvoice(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.put(
    '/api/execution/requests/:id/invoices/:invoice',
    {
      config: { permission, problems: { ...writeProblems, 409: [...writeProblems[409], 'version_conflict' as const] } },
      schema: {
        operationId: 'updateRequestInvoice',
        tags,
        summary: 'Rewrite an invoice as recording checks it (audited): 409 invoice_duplicate, version_conflict',
        params: invoiceParams,
        body: invoiceUpdate,
        response: { 200: requestInvoicesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateInvoice(
        db(),
        actorOf(request),
        request.params.id,
        request.params.invoice,
        request.body,
      ),
    }),
  );
  app.delete(
    '/api/execution/requests/:id/invoices/:invoice',
    {
      config: {
        permission,
        problems: { 403: ['forbidden'], 404: ['not_found'], 409: ['liquidation_closed', 'invoice_has_credits'] },
      },
      schema: {
        operationId: 'removeRequestInvoice',
        tags,
        summary: 'Remove an invoice of a liquidation not yet sent (audited): 409 invoice_has_credits',
        params: invoiceParams,
        response: { 200: requestInvoicesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.removeInvoice(db(), actorOf(request), request.params.id, request.params.invoice),
    }),
  );
};
