import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cooperatingInput,
  cooperatingItemInput,
  cooperatingItemListResponse,
  cooperatingItemResponse,
  cooperatingItemUpdate,
  cooperatingListQuery,
  cooperatingListResponse,
  cooperatingResponse,
  cooperatingUpdate,
  disbursementCreatedResponse,
  disbursementInput,
  disbursementListResponse,
  transactionCreatedResponse,
  transactionInput,
  transactionListResponse,
} from '@amparo/shared/modules/cooperating.schema';
import { uuid } from '@amparo/shared/validation';
import * as service from './cooperating.service.ts';
import { actorOf } from '../../plugins/actor.ts';

const params = z.object({ id: uuid });
const itemParams = z.object({ id: uuid, itemId: uuid });
const config = { permission: 'configuracion_cooperantes' as const };
const tags = ['cooperating'];
const LIMITS =
  '409 limit_exceeded when a money limit would break (issue 13 section 2): the field error says which ' +
  '(ceiling_exceeded, below_committed, ceiling_below_items) and its params the limit and the excess, in Q.';

/**
 * Cooperating (funders) with their items, goals, transactions and disbursements (issue 13 section 2),
 * permission `configuracion_cooperantes`. Amounts are decimal strings ('1234.50'): quetzales, except the
 * agreed amount and a disbursement's amount, in the agreement's currency; rates are Q per unit ('7.750000').
 */
export const cooperatingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cooperating',
    {
      config,
      schema: {
        operationId: 'listCooperating',
        tags,
        summary: 'Cooperating, paged, searchable by name and code, with ceiling and items total (Q)',
        querystring: cooperatingListQuery,
        response: { 200: cooperatingListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listCooperating(app.db.db, request.query) }),
  );
  app.get(
    '/api/cooperating/:id',
    {
      config,
      schema: {
        operationId: 'getCooperating',
        summary: 'One cooperating organisation',
        tags,
        params,
        response: { 200: cooperatingResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.getCooperating(app.db.db, request.params.id) }),
  );
  app.post(
    '/api/cooperating',
    {
      config,
      schema: {
        operationId: 'createCooperating',
        tags,
        summary: 'Create; 409 duplicate code',
        body: cooperatingInput,
        response: { 200: cooperatingResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createCooperating(app.db.db, actorOf(request), request.body),
    }),
  );
  app.put(
    '/api/cooperating/:id',
    {
      config,
      schema: {
        operationId: 'updateCooperating',
        tags,
        summary: 'Update; 409 on a stale version; 400 transactions_outside when the period leaves transactions out',
        description:
          LIMITS +
          ' Also 409 limit_exceeded agreedAmount: agreed_below_received (params currency, received, excess in that ' +
          'currency); 400 disbursements_outside (params first, last) when the period leaves disbursements out; ' +
          '400 disbursements_recorded on currency (params count) once disbursements are recorded.',
        params,
        body: cooperatingUpdate,
        response: { 200: cooperatingResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateCooperating(app.db.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/cooperating/:id/items',
    {
      config,
      schema: {
        operationId: 'listCooperatingItems',
        tags,
        summary: 'Items with initial, sums, subtractions and current amounts (Q)',
        params,
        response: { 200: cooperatingItemListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listItems(app.db.db, request.params.id) }),
  );
  app.post(
    '/api/cooperating/:id/items',
    {
      config,
      schema: {
        operationId: 'createCooperatingItem',
        tags,
        summary: 'Add an item with its goals; 409 duplicate code',
        description: LIMITS,
        params,
        body: cooperatingItemInput,
        response: { 200: cooperatingItemResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createItem(app.db.db, actorOf(request), request.params.id, request.body),
    }),
  );
  app.get(
    '/api/cooperating/:id/items/:itemId',
    {
      config,
      schema: {
        operationId: 'getCooperatingItem',
        tags,
        summary: 'One item with amounts and goals; 404 when it is not the cooperating’s',
        params: itemParams,
        response: { 200: cooperatingItemResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getItem(app.db.db, request.params.id, request.params.itemId),
    }),
  );
  app.put(
    '/api/cooperating/:id/items/:itemId',
    {
      config,
      schema: {
        operationId: 'updateCooperatingItem',
        tags,
        summary: 'Update an item, replacing its goals; 409 on a stale version',
        description: LIMITS,
        params: itemParams,
        body: cooperatingItemUpdate,
        response: { 200: cooperatingItemResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateItem(
        app.db.db,
        app.itemCommitments,
        actorOf(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
    }),
  );

  app.get(
    '/api/cooperating/:id/items/:itemId/transactions',
    {
      config,
      schema: {
        operationId: 'listCooperatingTransactions',
        tags,
        summary: "An item's transactions, newest first",
        params: itemParams,
        response: { 200: transactionListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listTransactions(app.db.db, request.params.id, request.params.itemId),
    }),
  );
  app.post(
    '/api/cooperating/:id/items/:itemId/transactions',
    {
      config,
      schema: {
        operationId: 'addCooperatingTransaction',
        tags,
        summary: 'Record a sum or subtraction on an item (append-only); 400 outside_agreement on the date',
        description: LIMITS,
        params: itemParams,
        body: transactionInput,
        response: { 200: transactionCreatedResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addTransaction(
        app.db.db,
        app.itemCommitments,
        actorOf(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
    }),
  );

  app.get(
    '/api/cooperating/:id/disbursements',
    {
      config,
      schema: {
        operationId: 'listCooperatingDisbursements',
        tags,
        summary: 'Disbursements received, newest first, with totals in the currency and in Q and the average rate',
        description:
          'Each disbursement: date, amount in the agreement currency, exchangeRate (Q per unit, six decimals), ' +
          'amountQuetzales (round half-up(amount × rate, 2), stored when recorded), rateSource, reference, author. ' +
          'totals: count, amount (currency), amountQuetzales (Q), averageRate (Q received ÷ units received, six ' +
          'decimals, null when none), agreedAmount and pendingAmount (currency, null without an agreed amount). 404.',
        params,
        response: { 200: disbursementListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listDisbursements(app.db.db, request.params.id),
    }),
  );
  app.post(
    '/api/cooperating/:id/disbursements',
    {
      config,
      schema: {
        operationId: 'addCooperatingDisbursement',
        tags,
        summary: 'Record a disbursement in the agreement currency with its exchange rate (append-only)',
        description:
          'amount in the agreement currency (> 0, two decimals), exchangeRate in Q per unit (> 0, up to six ' +
          'decimals; exactly 1 for GTQ: 400 rate_must_be_one), date within the agreement (400 outside_agreement, ' +
          'params start, end). The value in Q is computed by the server. 404; 409 cooperating_inactive; 409 ' +
          'limit_exceeded amount: agreed_exceeded (params currency, agreed, available, excess in that currency) ' +
          'when the disbursements would pass the agreed amount. Returns the disbursement and the totals after it.',
        params,
        body: disbursementInput,
        response: { 200: disbursementCreatedResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addDisbursement(app.db.db, actorOf(request), request.params.id, request.body),
    }),
  );
};
