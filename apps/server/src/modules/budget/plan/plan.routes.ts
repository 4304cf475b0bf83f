import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planTransitionInput, planYearParams, planYearResponse } from '@amparo/shared/modules/plan.schema';
import { actorOf } from '../../../plugins/actor.ts';
import * as plans from './plan.service.ts';

const config = { permission: 'presupuesto_planificacion' as const };
const tags = ['budget'];

/**
 * A year's plan as a whole (issue 13 section 3, 'Versions'): its state, revisions and history, and its
 * workflow's transitions (the approval's own key, presupuesto_aprobacion, is checked by the workflow).
 */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/budget/plans/:year',
    {
      config,
      schema: {
        operationId: 'getPlanYear',
        tags,
        summary: "A year's plan: status, revision in force, approved revisions, history, transitions allowed",
        params: planYearParams,
        response: { 200: planYearResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await plans.getPlanYear(app.db.db, actorOf(request), request.params.year),
    }),
  );
  app.post(
    '/api/budget/plans/:year/transition',
    {
      config,
      schema: {
        operationId: 'transitionPlanYear',
        tags,
        summary: 'submit, return (reason), approve (another user, presupuesto_aprobacion), revise (reason)',
        description: '409 stale_transition on a stale version; 403 transition_not_allowed with the reason.',
        params: planYearParams,
        body: planTransitionInput,
        response: { 200: planYearResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await plans.transitionPlanYear(app.db.db, actorOf(request), request.params.year, request.body),
    }),
  );
};
