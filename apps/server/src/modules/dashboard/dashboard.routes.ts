import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponse } from '@amparo/shared/modules/dashboard.schema';
import { hasPermission } from '@amparo/shared/permissions';
import { dashboardCounts } from '../population/persons/persons.service.ts';
import { actorOf } from '../../plugins/actor.ts';

/** The dashboard: counts the user may see (persons they hold a grant on, and only with `poblacion_poblacion`). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'dashboard',
        tags: ['dashboard'],
        summary: 'People served by sex, age group and thematic',
        response: { 200: dashboardResponse },
      },
    },
    async (request) => {
      const me = actorOf(request);
      const canSeePopulation = hasPermission(me.permissions, 'poblacion_poblacion');
      if (!canSeePopulation) {
        return {
          success: true as const,
          data: { canSeePopulation, total: 0, admitted: 0, departed: 0, bySex: [], byAgeGroup: [], byThematic: [] },
        };
      }
      return { success: true as const, data: { canSeePopulation, ...(await dashboardCounts(app.db.db, me.userId)) } };
    },
  );
};
