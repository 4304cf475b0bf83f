import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  lineLookupQuery,
  lineLookupResponse,
  providerLookupQuery,
  providerLookupResponse,
  voucherRangeLookupQuery,
  voucherRangeLookupResponse,
} from '@amparo/shared/modules/execution.schema';
import { userOptionsResponse } from '@amparo/shared/modules/users.schema';
import { availableLines } from '../budget/spending/control.ts';
import { listProviders } from '../providers/providers.service.ts';
import { searchUserOptions } from '../users/users.service.ts';
import { listRanges } from '../vouchers/vouchers.service.ts';

const config = { permission: 'ejecucion_solicitudes' as const };
const tags = ['execution'];

/**
 * The request form's pickers (issue 26 section 3), so `ejecucion_solicitudes` alone is enough to fill a request:
 * the lines of a month with their available amount, active providers, and users as travellers.
 */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/execution/lookup/lines',
    {
      config,
      schema: {
        operationId: 'executionLineLookup',
        tags,
        summary: "A year's planning lines (at most 50) with the month's planned, assigned and available amounts (Q)",
        querystring: lineLookupQuery,
        response: { 200: lineLookupResponse },
      },
    },
    async (request) => ({ success: true as const, data: await availableLines(db(), request.query) }),
  );
  app.get(
    '/api/execution/lookup/providers',
    {
      config,
      schema: {
        operationId: 'executionProviderLookup',
        tags,
        summary: 'Active providers (at most 20, by name) matching q by words or NIT',
        querystring: providerLookupQuery,
        response: { 200: providerLookupResponse },
      },
    },
    async (request) => {
      const page = await listProviders(db(), {
        q: request.query.q,
        active: 'active',
        page: 1,
        pageSize: 20,
        order: 'asc',
      });
      return { success: true as const, data: page.items.map(({ id, name, nit }) => ({ id, name, nit })) };
    },
  );
  app.get(
    '/api/execution/lookup/users',
    {
      // Travellers for requesters; the requester filter of the deciders' list.
      config: { permission: 'ejecucion' },
      schema: {
        operationId: 'executionUserLookup',
        tags,
        summary: 'Active users (at most 20, by name) matching q, to choose as travellers',
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: { 200: userOptionsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await searchUserOptions(db(), request.query.q) }),
  );
  app.get(
    '/api/execution/lookup/voucher-ranges',
    {
      config,
      schema: {
        operationId: 'executionVoucherRangeLookup',
        tags,
        summary: 'Usable petty-cash voucher ranges (at most 50) of the headquarter or of none, soonest expiry first',
        querystring: voucherRangeLookupQuery,
        response: { 200: voucherRangeLookupResponse },
      },
    },
    async (request) => {
      const page = await listRanges(db(), {
        kind: 'petty_cash',
        state: 'usable',
        headquarterId: request.query.headquarterId,
        page: 1,
        pageSize: 50,
        order: 'asc',
      });
      return {
        success: true as const,
        data: page.items
          .filter((r) => r.available > 0)
          .map(({ id, series, start, end, available, expiresOn }) => ({
            id,
            series,
            start,
            end,
            available,
            expiresOn,
          })),
      };
    },
  );
};
