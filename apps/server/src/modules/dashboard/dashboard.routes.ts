import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponse } from '@amparo/shared/modules/dashboard.schema';
import { dashboardOf } from './dashboard.service.ts';
import { actorOf } from '../../plugins/actor.ts';
import { dashboardCardsPoint } from '../../lib/dashboard-cards.ts';

/** The dashboard (`dashboardOf`): population counts the user may see, why they are empty, and the cards of their areas. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'dashboard',
        tags: ['dashboard'],
        summary: 'People served by sex, age group and thematic; support and POA cards for their holders',
        response: { 200: dashboardResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await dashboardOf(app.db.db, actorOf(request), app.extensions.all(dashboardCardsPoint)),
    }),
  );
};
