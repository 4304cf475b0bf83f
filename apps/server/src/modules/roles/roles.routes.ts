import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleInput, roleListResponse, roleResponse, roleUpdate } from '@amparo/shared/modules/roles.schema';
import { okResponse } from '@amparo/shared/modules/auth.schema';
import { uuid } from '@amparo/shared/validation';
import * as service from './roles.service.ts';
import { actorOf } from '../../plugins/actor.ts';

const params = z.object({ id: uuid });
const config = { permission: 'configuracion_roles' as const };
const tags = ['roles'];

/** Roles and their permission sets (spec sections 2 and 6), permission `configuracion_roles`. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/roles',
    {
      config,
      schema: {
        operationId: 'listRoles',
        tags,
        summary: 'All roles with their keys and user counts',
        response: { 200: roleListResponse },
      },
    },
    async () => ({ success: true as const, data: await service.listRoles(app.db.db) }),
  );

  app.get(
    '/api/roles/:id',
    {
      config,
      schema: {
        operationId: 'getRole',
        summary: 'One role with its keys and user count',
        tags,
        params,
        response: { 200: roleResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.getRole(app.db.db, request.params.id) }),
  );

  app.post(
    '/api/roles',
    {
      config,
      schema: {
        operationId: 'createRole',
        tags,
        summary: 'Create a role; 409 duplicate slug',
        body: roleInput,
        response: { 200: roleResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createRole(app.db.db, actorOf(request), request.body),
    }),
  );

  app.put(
    '/api/roles/:id',
    {
      config,
      schema: {
        operationId: 'updateRole',
        tags,
        summary: 'Update a role; 409 on a stale version',
        params,
        body: roleUpdate,
        response: { 200: roleResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateRole(app.db.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/roles/:id',
    {
      config,
      schema: {
        operationId: 'deleteRole',
        tags,
        summary: 'Delete a role no user holds (409 in_use)',
        params,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.deleteRole(app.db.db, actorOf(request), request.params.id);
      return { success: true as const, data: {} };
    },
  );
};
