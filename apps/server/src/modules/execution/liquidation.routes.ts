import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  liquidatorChangeInput,
  refundDepositInput,
  refundReceiveInput,
  requestInvoicesResponse,
  requestRefund,
} from '@amparo/shared/modules/invoices.schema';
import { expenseRequestResponse } from '@amparo/shared/modules/execution.schema';
import { envelope, uuid } from '@amparo/shared/validation';
import { actorOf, sendContent, uploadSource } from '../../plugins/actor.ts';
import * as files from './liquidation-files.service.ts';
import { listInvoices } from './invoices.service.ts';
import * as service from './liquidation.service.ts';
import { getRequest } from './requests.service.ts';

const tags = ['execution'];
const params = z.object({ id: uuid });
const refundParams = params;
const invoiceParams = z.object({ id: uuid, invoice: uuid });
const refundResponse = envelope(requestRefund);

/**
 * A liquidation's refund and liquidator (issue 27 sections 1–2): the liquidator records the deposit of what they
 * give back, administration confirms it received and may name another liquidator.
 */
export const liquidationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.put(
    '/api/execution/requests/:id/refund',
    {
      config: {
        permission: 'ejecucion',
        problems: { 403: ['forbidden'], 404: ['not_found'], 409: ['refund_received', 'version_conflict'] },
      },
      schema: {
        operationId: 'recordRefundDeposit',
        tags,
        summary:
          "Record the deposit of a liquidation's refund, by its liquidator (audited): 403 not_liquidator; 409 refund_received, version_conflict",
        params,
        body: refundDepositInput,
        response: { 200: refundResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.recordDeposit(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/execution/requests/:id/refund/receive',
    {
      config: {
        permission: 'ejecucion_administracion',
        problems: { 404: ['not_found'], 409: ['refund_not_deposited', 'version_conflict'] },
      },
      schema: {
        operationId: 'receiveRefund',
        tags,
        summary: 'Confirm a deposited refund on the account, administration (audited): 409 refund_not_deposited',
        params,
        body: refundReceiveInput,
        response: { 200: refundResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.receiveRefund(db(), actorOf(request), request.params.id, request.body.version),
    }),
  );
  app.put(
    '/api/execution/requests/:id/liquidator',
    {
      config: {
        permission: 'ejecucion_administracion',
        problems: { 404: ['not_found'], 409: ['liquidator_closed', 'version_conflict'] },
      },
      schema: {
        operationId: 'changeLiquidator',
        tags,
        summary:
          "Change a request's liquidator with a reason, administration (kept, audited): 400 invalid, unchanged; 409 liquidator_closed",
        params,
        body: liquidatorChangeInput,
        response: { 200: expenseRequestResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await service.changeLiquidator(db(), actor, request.params.id, request.body);
      return { success: true as const, data: await getRequest(db(), actor, request.params.id) };
    },
  );
  const scanRoutes = [
    { path: '/api/execution/requests/:id/invoices/:invoice/scan', kind: 'invoice', op: 'InvoiceScan' },
    { path: '/api/execution/requests/:id/refund/slip', kind: 'slip', op: 'RefundSlip' },
  ] as const;
  for (const r of scanRoutes) {
    const params = r.kind === 'invoice' ? invoiceParams : refundParams;
    const target = (p: { invoice?: string }) =>
      r.kind === 'invoice' ? { kind: 'invoice' as const, invoiceId: p.invoice! } : { kind: 'slip' as const };
    app.put(
      r.path,
      {
        config: {
          permission: 'ejecucion',
          problems: {
            403: ['forbidden'],
            404: ['not_found'],
            409: [r.kind === 'invoice' ? 'liquidation_closed' : 'refund_received'],
            413: ['payload_too_large'],
          },
        },
        schema: {
          operationId: `attach${r.op}`,
          tags,
          summary: `Attach (or replace) ${r.kind === 'invoice' ? "an invoice's scan" : "the refund's deposit slip"}, by the liquidator (multipart \`file\`: PDF, JPEG or PNG by content, DOCUMENT_MAX_BYTES; audited): 400 file_type; 403 not_liquidator`,
          params,
          consumes: ['multipart/form-data'],
          response: { 200: requestInvoicesResponse },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const p = request.params as { id: string; invoice?: string };
        await files.attachScan(
          db(),
          app.files,
          actor,
          uploadSource(request),
          p.id,
          target(p),
          app.config.DOCUMENT_MAX_BYTES,
        );
        return { success: true as const, data: await listInvoices(db(), actor, p.id) };
      },
    );
    app.get(
      r.path,
      {
        config: { permission: 'ejecucion', problems: { 404: ['not_found'] } },
        schema: {
          operationId: `request${r.op}`,
          tags,
          summary: `${r.kind === 'invoice' ? "An invoice's scan" : "The refund's deposit slip"}, inline (whoever may open the request); 404 without one`,
          params,
        },
      },
      async (request, reply) => {
        const p = request.params as { id: string; invoice?: string };
        return sendContent(reply, await files.scanContent(db(), app.files, actorOf(request), p.id, target(p)));
      },
    );
  }
};
