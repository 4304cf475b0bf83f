import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { securityLogQuery, securityLogResponse } from '@amparo/shared/modules/security-log.schema';
import * as service from './security-log.service.ts';

/** The security log for administrators (issue 9 item 5), permission `configuracion_seguridad`. */
export const securityLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/security-log',
    {
      config: { permission: 'configuracion_seguridad' },
      schema: {
        operationId: 'listSecurityEvents',
        tags: ['security-log'],
        summary:
          'Failed and locked sign-ins and 403 denials, newest first; filters kind and days (America/Guatemala, inclusive)',
        querystring: securityLogQuery,
        response: { 200: securityLogResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listSecurityEvents(app.db.db, request.query) }),
  );
};
