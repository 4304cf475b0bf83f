import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  executionBudgetExportQuery,
  executionBudgetQuery,
  executionBudgetRequestsQuery,
  executionBudgetRequestsResponse,
  executionBudgetResponse,
} from '@amparo/shared/modules/execution-budget.schema';
import { actorOf, sendContent } from '../../plugins/actor.ts';
import { exportExecutionBudget } from './budget-view.export.ts';
import * as service from './budget-view.service.ts';

const tags = ['execution'];
// Administration: the view reads every request's figures, as administration's inbox does.
const permission = 'ejecucion_administracion' as const;

/**
 * The budget's execution (issue 27 section 3): by axis, program, expense type, cooperating or item for a year or
 * a range of its months, the requests behind a figure, and the view as xlsx or PDF.
 */
export const budgetViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/execution/budget',
    {
      config: { permission },
      schema: {
        operationId: 'executionBudget',
        tags,
        summary:
          "The budget's execution by axis, program, expense type, cooperating or item, for a year's months: planned, assigned, committed, executed, available (Q)",
        querystring: executionBudgetQuery,
        response: { 200: executionBudgetResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.executionBudget(db(), request.query) }),
  );
  app.get(
    '/api/execution/budget/requests',
    {
      config: { permission },
      schema: {
        operationId: 'executionBudgetRequests',
        tags,
        summary:
          "The requests behind the execution view's figures, newest first (paged, counted up to four pages ahead)",
        querystring: executionBudgetRequestsQuery,
        response: { 200: executionBudgetRequestsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.requestsBehind(db(), request.query) }),
  );
  app.get(
    '/api/execution/budget/export',
    {
      config: { permission, problems: { 422: ['document_too_large'], 503: ['documents_busy'] } },
      schema: {
        operationId: 'exportExecutionBudget',
        tags,
        summary: 'The execution view as xlsx or PDF (audited); PDF 422 past its row limit',
        querystring: executionBudgetExportQuery,
      },
    },
    async (request, reply) =>
      sendContent(reply, await exportExecutionBudget(db(), actorOf(request), request.query, request.log)),
  );
};
