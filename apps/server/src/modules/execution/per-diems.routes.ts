import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perDiemInput, perDiemUpdate, requestPerDiemsResponse } from '@amparo/shared/modules/per-diems.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './per-diems.service.ts';

const tags = ['execution'];
const params = z.object({ id: uuid });
const perDiemParams = z.object({ id: uuid, perDiem: uuid });
// As the invoices: the module key; the service checks the liquidator and the request's status.
const permission = 'ejecucion' as const;
const writeProblems = {
  403: ['forbidden' as const],
  404: ['not_found' as const],
  409: ['liquidation_closed' as const, 'per_diem_not_travel' as const, 'setting_missing' as const],
};

/**
 * A travel-expenses request's per diems (issue 27 section 1): read by whoever may open the request, written by its
 * liquidator while the liquidation is open. Each answer is the request's per diems, their total and the daily
 * maximum (Q).
 */
export const perDiemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/execution/requests/:id/per-diems',
    {
      config: { permission, problems: { 404: ['not_found'] } },
      schema: {
        operationId: 'listRequestPerDiems',
        tags,
        summary: "A travel request's per diems, their total and the daily maximum in force on the departure (Q)",
        params,
        response: { 200: requestPerDiemsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listPerDiems(db(), actorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/execution/requests/:id/per-diems',
    {
      config: { permission, problems: writeProblems },
      schema: {
        operationId: 'addRequestPerDiem',
        tags,
        summary:
          'Record a per diem of a travel request, by its liquidator (audited): 400 not_a_traveller, per_diem_days_exceed, per_diem_above_rate; 409 per_diem_not_travel, liquidation_closed',
        params,
        body: perDiemInput,
        response: { 200: requestPerDiemsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addPerDiem(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.put(
    '/api/execution/requests/:id/per-diems/:perDiem',
    {
      config: { permission, problems: { ...writeProblems, 409: [...writeProblems[409], 'version_conflict' as const] } },
      schema: {
        operationId: 'updateRequestPerDiem',
        tags,
        summary: 'Rewrite a per diem as recording checks it (audited): 409 version_conflict',
        params: perDiemParams,
        body: perDiemUpdate,
        response: { 200: requestPerDiemsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updatePerDiem(
        db(),
        actorOf(request),
        request.params.id,
        request.params.perDiem,
        request.body,
      ),
    }),
  );
  app.delete(
    '/api/execution/requests/:id/per-diems/:perDiem',
    {
      config: { permission, problems: { 403: ['forbidden'], 404: ['not_found'], 409: ['liquidation_closed'] } },
      schema: {
        operationId: 'removeRequestPerDiem',
        tags,
        summary: 'Remove a per diem of a liquidation not yet sent (audited)',
        params: perDiemParams,
        response: { 200: requestPerDiemsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.removePerDiem(db(), actorOf(request), request.params.id, request.params.perDiem),
    }),
  );
};
