import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessDecision,
  accessRequestInput,
  accessRequestResponse,
  accessRequestsResponse,
  auditResponse,
  grantInput,
  grantsResponse,
  personAccessResponse,
  personCreate,
  personExportQuery,
  personListQuery,
  personListResponse,
  personResponse,
  personUpdate,
} from '@amparo/shared/modules/population.schema';
import { userOptionsResponse } from '@amparo/shared/modules/users.schema';
import { okResponse } from '@amparo/shared/modules/auth.schema';
import { uuid } from '@amparo/shared/validation';
import { searchUserOptions } from '../../users/users.service.ts';
import * as service from './persons.service.ts';
import { exportPersons } from '../export/export.service.ts';
import { actorOf, sendContent } from '../../../plugins/actor.ts';

const config = { permission: 'poblacion_poblacion' as const };
const tags = ['population'];
const params = z.object({ id: uuid });
const yn = (v: boolean) => (v ? ('Y' as const) : ('N' as const));

/**
 * Population served (spec sections 2, 3 and 6), permission `poblacion_poblacion`.
 * Besides the key, every person endpoint checks the caller's grant on that
 * person: 403 `no_person_access` without it, also in lists and search.
 */
export const populationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;

  app.get(
    '/api/population/persons',
    {
      config,
      schema: {
        operationId: 'listPersons',
        tags,
        summary:
          'Persons the caller holds a grant on: paged, sorted, searched (≥ 2 characters), filtered (age: created today, yesterday, within a week, a month or two months, America/Guatemala)',
        querystring: personListQuery,
        response: { 200: personListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listPersons(db(), actorOf(request), request.query),
    }),
  );

  app.get(
    '/api/population/persons/export',
    {
      config,
      schema: {
        operationId: 'exportPersons',
        tags,
        summary: 'The filtered list as xlsx (streamed; sensitive columns need poblacion_exportacion_sensible; audited)',
        description: 'Same filters as the list. The header x-export-rows gives the row count for a progress bar.',
        querystring: personExportQuery,
      },
    },
    async (request, reply) =>
      sendContent(reply, await exportPersons(db(), actorOf(request), request.query, request.log)),
  );

  app.post(
    '/api/population/persons',
    {
      config,
      schema: {
        operationId: 'createPerson',
        tags,
        summary: 'Register a person; the caller becomes its administrator',
        description:
          'Weight in lbs, height in m (decimal strings), dates YYYY-MM-DD (America/Guatemala). 400 with field errors (unknown_code, municipality_not_in_department, ...).',
        body: personCreate,
        response: { 200: personResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createPerson(db(), actorOf(request), request.body),
    }),
  );

  app.get(
    '/api/population/persons/:id',
    {
      config,
      schema: {
        operationId: 'getPerson',
        tags,
        summary: 'Open a person (read grant; audited as a view)',
        params,
        response: { 200: personResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getPerson(db(), actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/population/persons/:id',
    {
      config,
      schema: {
        operationId: 'updatePerson',
        tags,
        summary: 'Update a person (write grant); 409 on a stale version',
        params,
        body: personUpdate,
        response: { 200: personResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updatePerson(db(), actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/population/persons/:id',
    {
      config,
      schema: {
        operationId: 'deletePerson',
        tags,
        summary: 'Soft-delete a person (administrator grant)',
        params,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.deletePerson(db(), app.personBlockers, actorOf(request), request.params.id);
      return { success: true as const, data: {} };
    },
  );

  app.post(
    '/api/population/access/:personId',
    {
      config,
      schema: {
        operationId: 'personAccess',
        tags,
        summary: "The caller's grant on a person as Y/N (spec section 7)",
        params: z.object({ personId: uuid }),
        response: { 200: personAccessResponse },
      },
    },
    async (request) => {
      const a = await service.accessOf(db(), request.params.personId, actorOf(request).userId);
      return {
        success: true as const,
        data: { administrator: yn(a.administrator), can_read: yn(a.canRead), can_write: yn(a.canWrite) },
      };
    },
  );

  app.get(
    '/api/population/persons/:id/grants',
    {
      config,
      schema: {
        operationId: 'listGrants',
        tags,
        summary: 'Grants on a person (administrator)',
        params,
        response: { 200: grantsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listGrants(db(), actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/population/persons/:id/grants',
    {
      config,
      schema: {
        operationId: 'grantAccess',
        tags,
        summary: "Grant or change a user's access (administrator); expiresOn = last day, inclusive",
        params,
        body: grantInput,
        response: { 200: grantsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.grantAccess(db(), actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/population/persons/:id/grants/:grantId',
    {
      config,
      schema: {
        operationId: 'revokeAccess',
        tags,
        summary: 'Revoke a grant (administrator); 409 last_administrator',
        params: z.object({ id: uuid, grantId: uuid }),
        response: { 200: grantsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.revokeAccess(db(), actorOf(request), request.params.id, request.params.grantId),
    }),
  );

  app.get(
    '/api/population/persons/:id/access-requests',
    {
      config,
      schema: {
        operationId: 'listAccessRequests',
        tags,
        summary: 'Access requests on a person (administrator)',
        params,
        response: { 200: accessRequestsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listAccessRequests(db(), actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/population/persons/:id/access-requests',
    {
      config,
      schema: {
        operationId: 'requestAccess',
        tags,
        summary: 'Ask for access to a person, with a reason; 409 duplicate when pending or already held',
        params,
        body: accessRequestInput,
        response: { 200: accessRequestResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.requestAccess(db(), actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/population/access-requests',
    {
      config,
      schema: {
        operationId: 'pendingAccessRequests',
        tags,
        summary: 'Pending requests on persons the caller administers',
        response: { 200: accessRequestsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.pendingRequests(db(), actorOf(request).userId),
    }),
  );

  app.post(
    '/api/population/access-requests/:id/decision',
    {
      config,
      schema: {
        operationId: 'decideAccessRequest',
        tags,
        summary: 'Approve (writes a grant) or deny a pending request (administrator)',
        params,
        body: accessDecision,
        response: { 200: accessRequestResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.decideAccessRequest(db(), actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/population/persons/:id/history',
    {
      config,
      schema: {
        operationId: 'personHistory',
        tags,
        summary: 'Audit trail of a person (administrator)',
        params,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(25),
        }),
        response: { 200: auditResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.personHistory(
        db(),
        actorOf(request),
        request.params.id,
        request.query.page,
        request.query.pageSize,
      ),
    }),
  );

  app.get(
    '/api/population/users',
    {
      config,
      schema: {
        operationId: 'grantableUsers',
        tags,
        summary: 'Active users to grant access to',
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: { 200: userOptionsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await searchUserOptions(db(), request.query.q) }),
  );
};
