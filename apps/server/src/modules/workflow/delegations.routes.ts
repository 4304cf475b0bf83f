import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { delegationInput, delegationListResponse, delegationResponse } from '@amparo/shared/modules/workflow.schema';
import { userOptionsResponse } from '@amparo/shared/modules/users.schema';
import { uuid } from '@amparo/shared/validation';
import { workflowsPoint } from '../../lib/workflow/inbox.ts';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './delegations.service.ts';

/**
 * The signed-in user's delegations (issue 25 section 1, decision 0026): `session`, as every user may let a
 * colleague act in their name while away; a delegate acts only where the delegating user may (the workflows
 * check that user's keys), so delegating grants nothing the user does not hold. Each user reaches only the
 * delegations they gave or received.
 */
export const delegationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  const tags = ['workflow'];
  const workflows = () => app.extensions.all(workflowsPoint).map((d) => d.name);
  app.get(
    '/api/workflow/delegations',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'listDelegations',
        tags,
        summary: "The caller's delegations, given and received (newest first), and the workflows one may be limited to",
        response: { 200: delegationListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listDelegations(db(), actorOf(request), workflows()),
    }),
  );
  app.get(
    '/api/workflow/delegations/users',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'delegationUsers',
        tags,
        summary: 'Active users the caller may delegate to (all but themselves), by name or username, at most 20',
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: { 200: userOptionsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.delegationUsers(db(), actorOf(request), request.query.q),
    }),
  );
  app.post(
    '/api/workflow/delegations',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'createDelegation',
        tags,
        summary:
          "Delegates the caller's approvals to a colleague over whole days (America/Guatemala), in one workflow or all; audited, the delegate notified. 400 delegation_self, delegation_cycle, toUserId invalid, validFrom before today",
        body: delegationInput,
        response: { 200: delegationResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.delegate(db(), actorOf(request), request.body, workflows()),
    }),
  );
  app.post(
    '/api/workflow/delegations/:id/end',
    {
      config: { permission: 'session', problems: { 404: ['not_found'], 409: ['delegation_ended'] } },
      schema: {
        operationId: 'endDelegation',
        tags,
        summary:
          'Ends a delegation now, by who gave it or who received it (audited): 404 for one of other users, 409 delegation_ended',
        params: z.object({ id: uuid }),
        response: { 200: delegationResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.endOwnDelegation(db(), actorOf(request), request.params.id),
    }),
  );
};
