import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentCopyInput,
  assignmentItemsQuery,
  assignmentItemsResponse,
  assignmentRecordResponse,
  assignmentTransactionInput,
  assignmentTransferInput,
  availabilityQuery,
  availabilityResponse,
  lineAssignmentResponse,
} from '@amparo/shared/modules/assignment.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../../plugins/actor.ts';
import * as assignment from './assignment.service.ts';
import { availabilityOf } from '../spending/control.ts';

const lineParams = z.object({ lineId: uuid });
const cellParams = z.object({ lineId: uuid, itemId: uuid });
const tags = ['budget'];
const LIMITS =
  '409 limit_exceeded with a field error per broken limit (month_exceeded, item_exceeded, below_assigned, ' +
  'below_committed; params in Q); 400 outside_agreement for a month outside the agreement period.';

/**
 * Assignment of planning lines to cooperating items (issue 13 section 4; spec section 3
 * `assignment/{expense}` with children `transaction/{cooperatingItem}` (asignacion_transacciones),
 * `record/{cooperatingItem}` (asignacion_historial) and `copy/{cooperatingItem}` (asignacion)). Amounts are Q
 * as decimal strings; months 1–12 of the line's year. Registers the budget's hold on items with the
 * cooperating module (`app.itemCommitments`).
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/budget/assignment-items',
    {
      config: { permission: 'asignacion' },
      schema: {
        operationId: 'listAssignmentItems',
        tags,
        summary: 'Items of active cooperating to assign from, with current and unassigned amounts (Q); at most 50',
        description: "`q` matches the item's or the cooperating's code or name; `itemId` asks for one item.",
        querystring: assignmentItemsQuery,
        response: { 200: assignmentItemsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await assignment.assignmentItems(app.db.db, request.query),
    }),
  );
  app.get(
    '/api/budget/assignment/:lineId',
    {
      config: { permission: 'asignacion' },
      schema: {
        operationId: 'getLineAssignment',
        tags,
        summary: "A planning line's months: planned, assigned per item, committed, executed, available",
        params: lineParams,
        response: { 200: lineAssignmentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await assignment.getLineAssignment(app.db.db, request.params.lineId),
    }),
  );
  app.post(
    '/api/budget/assignment/:lineId/transaction/:itemId',
    {
      config: { permission: 'asignacion_transacciones' },
      schema: {
        operationId: 'assignmentTransaction',
        tags,
        summary: 'Increase or decrease what an item pays of the line, per month, all months or none',
        description: LIMITS,
        params: cellParams,
        body: assignmentTransactionInput,
        response: { 200: lineAssignmentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await assignment.transact(
        app.db.db,
        actorOf(request),
        request.params.lineId,
        request.params.itemId,
        request.body,
      ),
    }),
  );
  app.post(
    '/api/budget/assignment/:lineId/transfer/:itemId',
    {
      config: { permission: 'asignacion_transacciones' },
      schema: {
        operationId: 'assignmentTransfer',
        tags,
        summary: 'A transfer document: move an assigned amount to another month or line of the same year',
        description: LIMITS,
        params: cellParams,
        body: assignmentTransferInput,
        response: { 200: lineAssignmentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await assignment.transfer(
        app.db.db,
        actorOf(request),
        request.params.lineId,
        request.params.itemId,
        request.body,
      ),
    }),
  );
  app.get(
    '/api/budget/assignment/:lineId/record/:itemId',
    {
      config: { permission: 'asignacion_historial' },
      schema: {
        operationId: 'assignmentRecord',
        tags,
        summary: 'The ledger of a line and item, oldest first: who, when, amount, reason',
        params: cellParams,
        response: { 200: assignmentRecordResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await assignment.record(app.db.db, request.params.lineId, request.params.itemId),
    }),
  );
  app.post(
    '/api/budget/assignment/:lineId/copy/:itemId',
    {
      config: { permission: 'asignacion' },
      schema: {
        operationId: 'assignmentCopy',
        tags,
        summary: "Assign this item's amounts of a month range again to another item or months",
        description: LIMITS,
        params: cellParams,
        body: assignmentCopyInput,
        response: { 200: lineAssignmentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await assignment.copy(
        app.db.db,
        actorOf(request),
        request.params.lineId,
        request.params.itemId,
        request.body,
      ),
    }),
  );
  app.get(
    '/api/budget/availability',
    {
      config: { permission: 'asignacion' },
      schema: {
        operationId: 'budgetAvailability',
        tags,
        summary: 'Available amount of a line, item and month for an amount being typed, and what the control would do',
        description:
          '422 control_unavailable (field errors required, invalid, not_assigned) when it cannot be evaluated.',
        querystring: availabilityQuery,
        response: { 200: availabilityResponse },
      },
    },
    async (request) => {
      const { amount, ...key } = request.query;
      return { success: true as const, data: await availabilityOf(app.db.db, key, amount) };
    },
  );
};
