import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  expenseRequestResponse,
  requestInput,
  requestListQuery,
  requestListResponse,
  quoteInput,
  paymentRegisterQuery,
  paymentRegisterResponse,
  requestTransitionInput,
  requestUpdate,
} from '@amparo/shared/modules/execution.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './requests.service.ts';

const params = z.object({ id: uuid });
const config = { permission: 'ejecucion_solicitudes' as const };
const tags = ['execution'];
const budget409 = ['budget_stop', 'budget_warning', 'year_closed'] as const;
const budgetProblems = { 409: [...budget409], 422: ['control_unavailable' as const] };

/**
 * Expense requests (issue 26 section 3), permission `ejecucion_solicitudes`: the caller's own requests (another's
 * answers 404). Saving commits the items' amounts on their planning lines' month through the budget's control.
 */
export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/execution/requests',
    {
      // A requester lists their own; the chain's deciders every requester's (`scope=all`, the service's rule).
      config: { permission: 'ejecucion', problems: { 403: ['forbidden'] } },
      schema: {
        operationId: 'listExpenseRequests',
        tags,
        summary:
          "The caller's requests (scope=all: every requester's, for the chain's deciders), newest first; by status, type, year, month, line, urgent, requester, number or words",
        querystring: requestListQuery,
        response: { 200: requestListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listRequests(db(), actorOf(request), request.query),
    }),
  );
  app.get(
    '/api/execution/requests/:id',
    {
      // Approvers open requests they did not raise: the module key, and the service's visibility rule.
      config: { permission: 'ejecucion', problems: { 404: ['not_found'] } },
      schema: {
        operationId: 'getExpenseRequest',
        tags,
        summary:
          'One request (its requester’s, an approver’s, or a delegate’s who may move it) with its items, approvals and workflow',
        params,
        response: { 200: expenseRequestResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getRequest(db(), actorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/execution/requests',
    {
      config: { ...config, problems: budgetProblems },
      schema: {
        operationId: 'createExpenseRequest',
        tags,
        summary:
          'Create a request in solicitado and commit its amounts (audited): 400 line_other_year, provider_inactive; 409 budget_stop, budget_warning',
        body: requestInput,
        response: { 200: expenseRequestResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createRequest(db(), actorOf(request), request.body),
    }),
  );
  app.post(
    '/api/execution/requests/:id/transition',
    {
      config: {
        permission: 'ejecucion',
        problems: {
          404: ['not_found'],
          409: [
            'stale_transition',
            'duplicate',
            'quotes_missing',
            'quote_expired',
            'liquidation_zero',
            'refund_required',
            'liquidation_excess',
            ...budget409,
          ],
        },
      },
      schema: {
        operationId: 'transitionExpenseRequest',
        tags,
        summary:
          'Approve, return to an earlier stage or reject, and the liquidation moves (one transaction, history, notices): 403 transition_not_allowed; 409 stale_transition, refund_required, liquidation_excess, liquidation_zero',
        params,
        body: requestTransitionInput,
        response: { 200: expenseRequestResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.transitionRequest(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.put(
    '/api/execution/requests/:id/quotes/:providerId',
    {
      config: { permission: 'ejecucion_administracion', problems: { 404: ['not_found'], 409: ['quotes_closed'] } },
      schema: {
        operationId: 'saveRequestQuote',
        tags,
        summary:
          "Write a provider's quote for a purchase order waiting for its comparative table: 400 not_a_quoted_provider; 409 quotes_closed",
        params: z.object({ id: uuid, providerId: uuid }),
        body: quoteInput,
        response: { 200: expenseRequestResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.saveQuote(db(), actorOf(request), request.params.id, request.params.providerId, request.body),
    }),
  );
  app.get(
    '/api/execution/payments',
    {
      config: { permission: 'ejecucion_administracion' },
      schema: {
        operationId: 'listRequestPayments',
        tags,
        summary: 'The register of checks and transfers, newest first, voided ones kept (a check number stays used)',
        querystring: paymentRegisterQuery,
        response: { 200: paymentRegisterResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.paymentRegister(db(), request.query) }),
  );
  app.put(
    '/api/execution/requests/:id',
    {
      config: {
        ...config,
        problems: {
          ...budgetProblems,
          404: ['not_found'],
          409: [...budget409, 'version_conflict' as const, 'request_not_editable' as const],
        },
      },
      schema: {
        operationId: 'updateExpenseRequest',
        tags,
        summary: 'Edit while solicitado; the budget follows (audited): 409 request_not_editable, version_conflict',
        params,
        body: requestUpdate,
        response: { 200: expenseRequestResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateRequest(db(), actorOf(request), request.params.id, request.body),
    }),
  );
};
