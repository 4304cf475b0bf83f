import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failedJobsResponse, securityLogQuery, securityLogResponse } from '@amparo/shared/modules/security-log.schema';
import * as service from './security-log.service.ts';

/**
 * The security log for administrators (issue 9 item 5), permission `configuracion_seguridad`, and the background
 * jobs that failed for good (issue 12: visible to the same administrators; this instance's queues).
 */
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

  app.get(
    '/api/security-log/failed-jobs',
    {
      config: { permission: 'configuracion_seguridad' },
      schema: {
        operationId: 'listFailedJobs',
        tags: ['security-log'],
        summary:
          'Background jobs whose retries are spent (mail delivery, notification mails), newest first, at most 100: queue, attempts, last error; never their data',
        response: { 200: failedJobsResponse },
      },
    },
    async () => {
      const failed = await app.jobs.failed(100);
      return {
        success: true as const,
        data: {
          items: failed.map((j) => ({
            ...j,
            createdOn: j.createdOn.toISOString(),
            completedOn: j.completedOn?.toISOString() ?? null,
          })),
        },
      };
    },
  );
};
