import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inboxResponse } from '@amparo/shared/workflow';
import { inbox, workflowsPoint } from '../../lib/workflow/inbox.ts';
import { actorOf } from '../../plugins/actor.ts';

/**
 * What waits for the signed-in user across every workflow (issue 25 section 1, decision 0026): `session`, as
 * every user has an inbox; each record is one the user may move now, by its workflow's table, or one a user who
 * delegated to them may (`actingForName`). The workflows are the modules' contributions to `workflowsPoint`.
 */
export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/workflow/inbox',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'workflowInbox',
        tags: ['workflow'],
        summary: 'Records waiting for the caller (or for whoever delegated to them), oldest waiting first',
        response: { 200: inboxResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await inbox(app.db.db, app.extensions.all(workflowsPoint), actorOf(request)),
    }),
  );
};
