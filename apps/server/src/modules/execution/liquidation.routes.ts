import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  liquidatorChangeInput,
  refundDepositInput,
  refundReceiveInput,
  requestRefund,
} from '@amparo/shared/modules/invoices.schema';
import { expenseRequestResponse } from '@amparo/shared/modules/execution.schema';
import { envelope, uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './liquidation.service.ts';
import { getRequest } from './requests.service.ts';

const tags = ['execution'];
const params = z.object({ id: uuid });
const refundResponse = envelope(requestRefund);

/**
 * A liquidation's refund and liquidator (issue 27 sections 1–2): the liquidator records the deposit of what they
 * give back, administration confirms it received and may name another liquidator.
 */
export const liquidationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.put(
    '/api/execution/requests/:id/refund',
    {
      config: {
        permission: 'ejecucion',
        problems: { 403: ['forbidden'], 404: ['not_found'], 409: ['refund_received', 'version_conflict'] },
      },
      schema: {
        operationId: 'recordRefundDeposit',
        tags,
        summary:
          "Record the deposit of a liquidation's refund, by its liquidator (audited): 403 not_liquidator; 409 refund_received, version_conflict",
        params,
        body: refundDepositInput,
        response: { 200: refundResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.recordDeposit(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/execution/requests/:id/refund/receive',
    {
      config: {
        permission: 'ejecucion_administracion',
        problems: { 404: ['not_found'], 409: ['refund_not_deposited', 'version_conflict'] },
      },
      schema: {
        operationId: 'receiveRefund',
        tags,
        summary: 'Confirm a deposited refund on the account, administration (audited): 409 refund_not_deposited',
        params,
        body: refundReceiveInput,
        response: { 200: refundResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.receiveRefund(db(), actorOf(request), request.params.id, request.body.version),
    }),
  );
  app.put(
    '/api/execution/requests/:id/liquidator',
    {
      config: {
        permission: 'ejecucion_administracion',
        problems: { 404: ['not_found'], 409: ['liquidator_closed', 'version_conflict'] },
      },
      schema: {
        operationId: 'changeLiquidator',
        tags,
        summary:
          "Change a request's liquidator with a reason, administration (kept, audited): 400 invalid, unchanged; 409 liquidator_closed",
        params,
        body: liquidatorChangeInput,
        response: { 200: expenseRequestResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await service.changeLiquidator(db(), actor, request.params.id, request.body);
      return { success: true as const, data: await getRequest(db(), actor, request.params.id) };
    },
  );
};
