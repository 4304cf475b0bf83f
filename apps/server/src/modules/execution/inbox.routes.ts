import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestInboxQuery, requestInboxResponse } from '@amparo/shared/modules/execution.schema';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './inbox.service.ts';

/**
 * The approver's inbox of expense requests (issue 26 section 5), permission `ejecucion`: what waits for the
 * caller, by stage, urgent first. Whoever holds no approving key (or delegation) sees an empty inbox.
 */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/execution/inbox',
    {
      config: { permission: 'ejecucion' },
      schema: {
        operationId: 'listExpenseRequestInbox',
        tags: ['execution'],
        summary: 'Requests waiting for the caller (or whoever delegated to them), urgent first, then longest waiting',
        querystring: requestInboxQuery,
        response: { 200: requestInboxResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.requestInbox(app.db.db, actorOf(request), request.query),
    }),
  );
};
