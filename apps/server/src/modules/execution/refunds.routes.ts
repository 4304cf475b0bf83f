import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refundListQuery, refundListResponse } from '@amparo/shared/modules/invoices.schema';
import * as service from './refunds.service.ts';

/** Administration's register of the liquidations' refunds (issue 27 section 1). */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/execution/refunds',
    {
      config: { permission: 'ejecucion_administracion' },
      schema: {
        operationId: 'listRefunds',
        tags: ['execution'],
        summary:
          "The liquidations' refunds in one status (default every one owed or given back), the longest unchanged first",
        querystring: refundListQuery,
        response: { 200: refundListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listRefunds(app.db.db, request.query) }),
  );
};
