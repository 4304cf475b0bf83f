import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  planningExportQuery,
  planningLineInput,
  lineGoalsResponse,
  planningLineResponse,
  planningLineUpdate,
  planningListQuery,
  planningListResponse,
} from '@amparo/shared/modules/budget.schema';
import { okResponse } from '@amparo/shared/modules/auth.schema';
import { userOptionsResponse } from '@amparo/shared/modules/users.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf, sendContent } from '../../../plugins/actor.ts';
import { searchUserOptions } from '../../users/users.service.ts';
import { exportLines } from './planning.export.ts';
import * as planning from './planning.service.ts';
import * as goals from '../goals/goals.service.ts';

const params = z.object({ id: uuid });
const config = { permission: 'presupuesto_planificacion' as const };
const tags = ['budget'];

/**
 * Budget (issue 13): the annual operating plan's lines under
 * `/api/budget/planning` (permission `presupuesto_planificacion`), their xlsx
 * export (`/api/budget/planning/export`) and the user lookup of the line form
 * (`/api/budget/lookup/users`). Amounts in quetzales as decimal strings with
 * two decimals (numbers in the xlsx); months 1–12.
 */
export const planningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/budget/planning',
    {
      config,
      schema: {
        operationId: 'listPlanningLines',
        tags,
        summary: 'Planning lines by filters, a page at a time, with the amount per month and total over every match',
        querystring: planningListQuery,
        response: { 200: planningListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await planning.listLines(app.db.db, request.query) }),
  );
  app.get(
    '/api/budget/planning/export',
    {
      config,
      schema: {
        operationId: 'exportPlanningLines',
        tags,
        summary: 'The filtered list as xlsx (streamed; audited); x-export-rows gives the row count',
        description:
          "Same filters and sort as the list, every match, in `lang`: year, axis, program, expense type, description, responsible, headquarter, the 12 months' amounts and the line's total (numbers in Q, format #,##0.00), then a totals row.",
        querystring: planningExportQuery,
      },
    },
    async (request, reply) =>
      sendContent(reply, await exportLines(app.db.db, actorOf(request), request.query, request.log)),
  );
  // The responsible and planner pickers, so presupuesto_planificacion alone is enough to fill a line.
  app.get(
    '/api/budget/lookup/users',
    {
      config,
      schema: {
        operationId: 'budgetUserLookup',
        tags,
        summary: 'Active users (at most 20, by name) matching q, to choose as responsible or planner',
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: { 200: userOptionsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await searchUserOptions(app.db.db, request.query.q) }),
  );
  app.get(
    '/api/budget/planning/:id',
    {
      config,
      schema: {
        operationId: 'getPlanningLine',
        summary: 'One planning line with its months',
        tags,
        params,
        response: { 200: planningLineResponse },
      },
    },
    async (request) => ({ success: true as const, data: await planning.getLine(app.db.db, request.params.id) }),
  );
  app.get(
    '/api/budget/planning/:id/goals',
    {
      config,
      schema: {
        operationId: 'getPlanningLineGoals',
        tags,
        summary: "A line's monthly goals against the activities and attentions that executed it",
        params,
        response: { 200: lineGoalsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await goals.lineGoals(app.db.db, app.planLinks, request.params.id),
    }),
  );
  app.post(
    '/api/budget/planning',
    {
      config,
      schema: {
        operationId: 'createPlanningLine',
        tags,
        summary: 'A line with its 12 months, in one transaction; 400 with every field error',
        body: planningLineInput,
        response: { 200: planningLineResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await planning.createLine(app.db.db, actorOf(request), request.body),
    }),
  );
  app.put(
    '/api/budget/planning/:id',
    {
      config,
      schema: {
        operationId: 'updatePlanningLine',
        tags,
        summary: "Replaces a line's fields and months; 409 on a stale version",
        params,
        body: planningLineUpdate,
        response: { 200: planningLineResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await planning.updateLine(app.db.db, actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/budget/planning/:id',
    {
      config,
      schema: {
        operationId: 'deletePlanningLine',
        summary: 'Delete a line of a draft plan (409 plan_locked otherwise)',
        tags,
        params,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await planning.deleteLine(app.db.db, actorOf(request), request.params.id);
      return { success: true as const, data: {} };
    },
  );
};
