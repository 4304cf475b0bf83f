import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  carryForwardInput,
  carryForwardListQuery,
  carryForwardListResponse,
  carryForwardResponse,
  carryForwardTransitionInput,
} from '@amparo/shared/modules/assignment.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../../plugins/actor.ts';
import * as carry from './carry-forward.service.ts';

const tags = ['budget'];

/**
 * Carry-forwards of an item's unspent amount from a closed year to the next (issue 13 section 4): listed with
 * asignacion_historial, requested with asignacion_transacciones, approved or rejected with asignacion (the
 * workflow also asks presupuesto_aprobacion and another user than the requester). Amounts in Q.
 */
export const carryForwardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/budget/carry-forwards',
    {
      config: { permission: 'asignacion_historial' },
      schema: {
        operationId: 'listCarryForwards',
        tags,
        summary: 'Carry-forwards from or to a year, of an item, newest first',
        querystring: carryForwardListQuery,
        response: { 200: carryForwardListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await carry.listCarryForwards(app.db.db, actorOf(request), request.query),
    }),
  );
  app.post(
    '/api/budget/carry-forwards',
    {
      config: { permission: 'asignacion_transacciones' },
      schema: {
        operationId: 'requestCarryForward',
        tags,
        summary: "Request moving an item's unspent amount of a closed year to the next",
        description:
          '400 year_not_closed / outside_agreement on fromYear; 409 limit_exceeded carry_exceeded on amount.',
        body: carryForwardInput,
        response: { 200: carryForwardResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await carry.requestCarryForward(app.db.db, actorOf(request), request.body),
    }),
  );
  app.post(
    '/api/budget/carry-forwards/:id/transition',
    {
      config: { permission: 'asignacion' },
      schema: {
        operationId: 'decideCarryForward',
        tags,
        summary: 'Approve or reject (reason) a carry-forward: presupuesto_aprobacion, not the requester',
        params: z.object({ id: uuid }),
        body: carryForwardTransitionInput,
        response: { 200: carryForwardResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await carry.decideCarryForward(app.db.db, actorOf(request), request.params.id, request.body),
    }),
  );
};
