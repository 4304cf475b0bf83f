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
 * Cooperating (funders) with their items, goals and transactions (issue 13 section 2), permission
 * `configuracion_cooperantes`. Amounts are quetzales as decimal strings ('1234.50').
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
    { config, schema: { operationId: 'getCooperating', tags, params, response: { 200: cooperatingResponse } } },
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
        description: LIMITS,
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
};
