import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  voucherMovementListResponse,
  voucherMovementQuery,
  voucherRangeInput,
  voucherRangeListQuery,
  voucherRangeListResponse,
  voucherRangeResponse,
  voucherRangeUpdate,
  voucherVoidInput,
} from '@amparo/shared/modules/vouchers.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './vouchers.service.ts';

const params = z.object({ id: uuid });
const config = { permission: 'configuracion_vales' as const };
const tags = ['vouchers'];

/**
 * Voucher ranges (issue 26 section 2), permission `configuracion_vales`: list, add, edit, a range's movements
 * (the spec's 'Transaction vouchers' screen) and voiding a number. No delete: a range's trail is kept (deactivate
 * it instead). Reserving and settling numbers is the expense requests' (`issueVouchers`, `settleVouchers`).
 */
export const vouchersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/vouchers',
    {
      config,
      schema: {
        operationId: 'listVoucherRanges',
        tags,
        summary: 'A page of voucher ranges, soonest expiry first, with counts and state (expiring ones flagged)',
        querystring: voucherRangeListQuery,
        response: { 200: voucherRangeListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listRanges(db(), request.query) }),
  );
  app.get(
    '/api/vouchers/:id',
    {
      config,
      schema: {
        operationId: 'getVoucherRange',
        tags,
        summary: 'One voucher range with its counts and state',
        params,
        response: { 200: voucherRangeResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.getRange(db(), request.params.id) }),
  );
  app.post(
    '/api/vouchers',
    {
      config: { ...config, problems: { 409: ['voucher_range_overlap'] } },
      schema: {
        operationId: 'createVoucherRange',
        tags,
        summary: 'Create a range, all numbers available (audited): 400 voucher_range_order; 409 voucher_range_overlap',
        body: voucherRangeInput,
        response: { 200: voucherRangeResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createRange(db(), actorOf(request), request.body),
    }),
  );
  app.put(
    '/api/vouchers/:id',
    {
      config: {
        ...config,
        problems: { 404: ['not_found'], 409: ['version_conflict', 'voucher_range_overlap', 'voucher_range_in_use'] },
      },
      schema: {
        operationId: 'updateVoucherRange',
        tags,
        summary:
          'Edit or deactivate (audited); series and numbers fixed once a voucher moved: 409 voucher_range_in_use',
        params,
        body: voucherRangeUpdate,
        response: { 200: voucherRangeResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateRange(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.get(
    '/api/vouchers/:id/movements',
    {
      config: { ...config, problems: { 404: ['not_found'] } },
      schema: {
        operationId: 'listVoucherMovements',
        tags,
        summary: "A range's movements, newest first; number narrows to one voucher",
        params,
        querystring: voucherMovementQuery,
        response: { 200: voucherMovementListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listMovements(db(), request.params.id, request.query),
    }),
  );
  app.post(
    '/api/vouchers/:id/void',
    {
      config: { ...config, problems: { 404: ['not_found'], 409: ['voucher_not_available'] } },
      schema: {
        operationId: 'voidVoucher',
        tags,
        summary: 'Void an available number with its reason: 400 voucher_number_outside; 409 voucher_not_available',
        params,
        body: voucherVoidInput,
        response: { 200: voucherRangeResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.voidVoucher(db(), actorOf(request), request.params.id, request.body),
    }),
  );
};
