import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  userCreate,
  userListQuery,
  userListResponse,
  userResponse,
  userUnlock,
  userUpdate,
} from '@amparo/shared/modules/users.schema';
import { uuid } from '@amparo/shared/validation';
import { readImageUpload } from '../../lib/uploads.ts';
import * as service from './users.service.ts';
import { actorOf, uploadSource } from '../../plugins/actor.ts';

const params = z.object({ id: uuid });
const config = { permission: 'configuracion_usuarios' as const };
const tags = ['users'];

/** Staff accounts administration (spec section 2 'configuration/users'), permission `configuracion_usuarios`. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      config,
      schema: {
        operationId: 'listUsers',
        tags,
        summary:
          'Users, paged, searchable by name, username and e-mail, filtered (age: created today, yesterday, within a week, a month or two months, America/Guatemala)',
        querystring: userListQuery,
        response: { 200: userListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listUsers(app.db.db, request.query) }),
  );

  app.get(
    '/api/users/:id',
    {
      config,
      schema: { operationId: 'getUser', summary: 'One user account', tags, params, response: { 200: userResponse } },
    },
    async (request) => ({ success: true as const, data: await service.getUser(app.db.db, request.params.id) }),
  );

  app.post(
    '/api/users',
    {
      config,
      schema: {
        operationId: 'createUser',
        tags,
        summary: 'Create a user with an initial password',
        body: userCreate,
        response: { 200: userResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createUser(app.db.db, app.config, actorOf(request), request.body),
    }),
  );

  app.put(
    '/api/users/:id',
    {
      config,
      schema: {
        operationId: 'updateUser',
        tags,
        summary: 'Update a user; 409 on a stale version',
        description:
          "Issue 9 item 1: 403 user_outranks_you (the user holds a key you lack), own_access_locked (own role, extra permissions, active flag or e-mail), grant_refused (a role or key you do not hold). Issue 23 item 1: 403 email_owner_only (another user's e-mail changes only before their first sign-in, or by the Administrador role with emailReason; 400 emailReason required). A changed e-mail revokes the user's sessions and reset links and notifies the old address; a reset in the next EMAIL_CHANGE_GUARD_HOURS goes to the old address.",
        params,
        body: userUpdate,
        response: { 200: userResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateUser(
        app.db.db,
        app.config,
        app.mailer,
        app.userEvents,
        actorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/api/users/:id/unlock',
    {
      config,
      schema: {
        operationId: 'unlockUser',
        tags,
        summary: "Lift a user's sign-in lock before it ends (the Administrador role, with a reason; issue 23 item 1)",
        description: 'Errors: 403 administrator_only, 404 not_found, 409 version_conflict.',
        params,
        body: userUnlock,
        response: { 200: userResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.unlockUser(app.db.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/users/:id/photo',
    {
      config,
      schema: {
        operationId: 'uploadUserPhoto',
        tags,
        summary: "Upload a user's photo (multipart `photo`, png or jpg)",
        params,
        consumes: ['multipart/form-data'],
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const { mime, data } = await readImageUpload(uploadSource(request), 'photo', app.config.PHOTO_MAX_BYTES);
      return {
        success: true as const,
        data: await service.setUserPhoto(app.db.db, actorOf(request), request.params.id, mime, data),
      };
    },
  );
};
