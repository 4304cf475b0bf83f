import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  funderSummaryExportQuery,
  funderSummaryQuery,
  funderSummaryResponse,
  poaSummaryExportQuery,
  poaSummaryQuery,
  poaSummaryResponse,
} from '@amparo/shared/modules/budget-summary.schema';
import { actorOf, sendContent } from '../../../plugins/actor.ts';
import { exportFunderSummary, exportPoaSummary } from './summary.export.ts';
import { funderSummary, poaSummary } from './summary.service.ts';

const tags = ['budget'];

/**
 * Budget views (issue 13 section 5): the POA summary of a year with its xlsx and PDF exports (permission
 * `presupuesto_planificacion`; exports: issue 24 section 6, item 9) and
 * the funder summary with its xlsx and PDF exports (permission `asignacion`). Amounts in Q as decimal strings.
 * The two summaries take their turn in `app.reports` (REPORT_CONCURRENCY at once per instance; past
 * REPORT_QUEUE_MAX waiting, 503 `busy_try_later` with Retry-After); the exports, rarer, are bounded by the PDF
 * renders' own queue.
 */
export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/budget/summary/poa',
    {
      config: { permission: 'presupuesto_planificacion', problems: { 503: ['busy_try_later'] } },
      schema: {
        operationId: 'poaSummary',
        tags,
        summary: 'Planned against assigned, committed and executed by axis, program and month for a year',
        querystring: poaSummaryQuery,
        response: { 200: poaSummaryResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.reports.task(() => poaSummary(app.db.db, request.query.year, request.query.revision)),
    }),
  );
  app.get(
    '/api/budget/summary/poa/export',
    {
      config: {
        permission: 'presupuesto_planificacion',
        problems: { 422: ['document_too_large'], 503: ['documents_busy'] },
      },
      schema: {
        operationId: 'exportPoaSummary',
        tags,
        summary: 'The POA summary of a year (or revision) as xlsx or PDF (audited); PDF 422 past its row limit',
        querystring: poaSummaryExportQuery,
      },
    },
    async (request, reply) =>
      sendContent(reply, await exportPoaSummary(app.db.db, actorOf(request), request.query, request.log)),
  );
  app.get(
    '/api/budget/summary/funders',
    {
      config: { permission: 'asignacion', problems: { 503: ['busy_try_later'] } },
      schema: {
        operationId: 'funderSummary',
        tags,
        summary: 'Per cooperating and item: amount, assigned, unassigned, committed, executed, available',
        querystring: funderSummaryQuery,
        response: { 200: funderSummaryResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.reports.task(() => funderSummary(app.db.db, request.query)),
    }),
  );
  app.get(
    '/api/budget/summary/funders/export',
    {
      config: { permission: 'asignacion', problems: { 422: ['document_too_large'], 503: ['documents_busy'] } },
      schema: {
        operationId: 'exportFunderSummary',
        tags,
        summary: 'The funder summary as xlsx or PDF (audited); PDF 422 document_too_large past its row limit',
        querystring: funderSummaryExportQuery,
      },
    },
    async (request, reply) =>
      sendContent(reply, await exportFunderSummary(app.db.db, actorOf(request), request.query, request.log)),
  );
};
