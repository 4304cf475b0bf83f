import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invoiceInput,
  invoiceUpdate,
  requestInvoicesResponse,
  satCheckInput,
} from '@amparo/shared/modules/invoices.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf, uploadSource } from '../../plugins/actor.ts';
import { readUploadBytes } from '../../lib/uploads.ts';
import { DTE_MAX_BYTES } from './invoices.fel.ts';
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
  app.post(
    '/api/execution/requests/:id/invoices/xml',
    {
      config: {
        permission,
        problems: {
          ...writeProblems,
          409: [...writeProblems[409], 'setting_missing' as const],
          413: ['payload_too_large' as const],
        },
      },
      schema: {
        operationId: 'addRequestInvoiceFromXml',
        tags,
        summary:
          'Record a FEL invoice from its certified XML (multipart `file`, at most DTE_MAX_BYTES; entities never expanded), everything read from it: 400 fel_* on xml; 409 invoice_duplicate, setting_missing',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: requestInvoicesResponse },
      },
    },
    async (request) => {
      const xml = await readUploadBytes(uploadSource(request), 'file', DTE_MAX_BYTES);
      return {
        success: true as const,
        data: await service.addInvoiceFromXml(db(), actorOf(request), request.params.id, xml),
      };
    },
  );
  app.post(
    '/api/execution/requests/:id/invoices/:invoice/sat-check',
    {
      config: {
        permission,
        problems: { 403: ['forbidden'], 404: ['not_found'], 409: ['liquidation_closed', 'version_conflict'] },
      },
      schema: {
        operationId: 'checkRequestInvoiceAtSat',
        tags,
        summary:
          'Record that a FEL invoice was checked at SAT (not voided), by the liquidator or administration (audited): 409 liquidation_closed',
        params: invoiceParams,
        body: satCheckInput,
        response: { 200: requestInvoicesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.checkAtSat(
        db(),
        actorOf(request),
        request.params.id,
        request.params.invoice,
        request.body.version,
      ),
    }),
  );
  app.get(
    '/api/execution/requests/:id/invoices/:invoice/xml',
    {
      config: { permission, problems: { 404: ['not_found'] } },
      schema: {
        operationId: 'requestInvoiceXml',
        tags,
        summary: "A FEL invoice's certified XML as uploaded (whoever may open the request); 404 for a typed one",
        params: invoiceParams,
      },
    },
    async (request, reply) => {
      const xml = await service.invoiceXml(db(), actorOf(request), request.params.id, request.params.invoice);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="dte-${request.params.invoice}.xml"`)
        .header('cache-control', 'no-store')
        .send(xml);
    },
  );
};
