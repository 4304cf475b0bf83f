import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expenseRequestResponse, requestPdfQuery } from '@amparo/shared/modules/execution.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf, sendContent, uploadSource } from '../../plugins/actor.ts';
import * as service from './documents.service.ts';

const params = z.object({ id: uuid });
const quoteParams = z.object({ id: uuid, providerId: uuid });
const tags = ['execution'];
// Whoever may open the request's detail (its visibility rule, in the service) may open its documents.
const visible = { permission: 'ejecucion' as const, problems: { 404: ['not_found' as const] } };
const pdfProblems = {
  404: ['not_found' as const],
  422: ['document_too_large' as const],
  503: ['documents_busy' as const],
};

/**
 * A request's paper file (issue 26 section 4): its PDF and its comparative table's, and each quote's PDF as the
 * provider sent it (attached by administration while the quotes are open).
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/execution/requests/:id/pdf',
    {
      config: { permission: 'ejecucion', problems: pdfProblems },
      schema: {
        operationId: 'expenseRequestPdf',
        tags,
        summary:
          'The request as a PDF (items, approvals, selected quote, payment); marked BORRADOR — NO APROBADA before emision_cheque',
        params,
        querystring: requestPdfQuery,
      },
    },
    async (request, reply) =>
      sendContent(reply, await service.requestPdf(db(), actorOf(request), request.params.id, request.query.lang)),
  );
  app.get(
    '/api/execution/requests/:id/comparison/pdf',
    {
      config: { permission: 'ejecucion', problems: pdfProblems },
      schema: {
        operationId: 'expenseRequestComparisonPdf',
        tags,
        summary: "A purchase order's comparative table as a PDF (lowest marked, selection); 404 for other types",
        params,
        querystring: requestPdfQuery,
      },
    },
    async (request, reply) =>
      sendContent(reply, await service.comparisonPdf(db(), actorOf(request), request.params.id, request.query.lang)),
  );
  app.put(
    '/api/execution/requests/:id/quotes/:providerId/file',
    {
      config: {
        permission: 'ejecucion_administracion',
        problems: { 404: ['not_found'], 409: ['quotes_closed'], 413: ['payload_too_large'] },
      },
      schema: {
        operationId: 'attachRequestQuoteFile',
        tags,
        summary:
          "Attach (or replace) a provider's quote PDF (multipart `file`, PDF by content, DOCUMENT_MAX_BYTES): 400 file_type; 409 quotes_closed",
        params: quoteParams,
        consumes: ['multipart/form-data'],
        response: { 200: expenseRequestResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.attachQuoteFile(
        db(),
        app.files,
        actorOf(request),
        uploadSource(request),
        request.params.id,
        request.params.providerId,
        app.config.DOCUMENT_MAX_BYTES,
      ),
    }),
  );
  app.get(
    '/api/execution/requests/:id/quotes/:providerId/file',
    {
      config: visible,
      schema: {
        operationId: 'requestQuoteFile',
        tags,
        summary: "A provider's quote PDF, inline (the request detail's visibility); 404 without one",
        params: quoteParams,
      },
    },
    async (request, reply) =>
      sendContent(
        reply,
        await service.quoteFileContent(db(), app.files, actorOf(request), request.params.id, request.params.providerId),
      ),
  );
};
