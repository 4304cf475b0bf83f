import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  emailChangeBody,
  emailChangeResponse,
  emailCancelResponse,
  emailConfirmBody,
  emailConfirmResponse,
  okResponse,
  updateProfileBody,
  userCheckResponse,
} from '@amparo/shared/modules/auth.schema';
import { uuid } from '@amparo/shared/validation';
import { readImageUpload } from '../../lib/uploads.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import * as account from './account.service.ts';
import * as users from '../users/users.service.ts';
import { actorOf, requestActor, uploadSource } from '../../plugins/actor.ts';

/** The signed-in user's own account (spec sections 2 '/account', 5 and 7 'update_user'). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/update_user',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'updateOwnProfile',
        tags: ['account'],
        summary: 'Edit own profile (full name, phone, NIT)',
        body: updateProfileBody,
        response: { 200: userCheckResponse },
      },
    },
    async (request) => {
      const me = actorOf(request);
      const user = await account.updateOwnProfile(app.db.db, me, me.userId, request.body);
      return { success: true as const, data: { user } };
    },
  );

  app.post(
    '/api/account/password',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'changePassword',
        tags: ['account'],
        summary: 'Change own password; revokes the other sessions',
        body: changePasswordBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const me = actorOf(request);
      await account.changeOwnPassword(app.db.db, app.config, me, me.userId, me.sessionId, request.body);
      return { success: true as const, data: {} };
    },
  );

  app.post(
    '/api/account/email',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'requestEmailChange',
        tags: ['account'],
        summary:
          'Ask to change own e-mail: needs the current password; mails a 24-hour single-use link to the new address (issue 9 item 1)',
        description:
          'Errors: 400 current_password_wrong, 400 newEmail email_unchanged / mail_not_institutional / email_taken. Nothing changes until the link is opened.',
        body: emailChangeBody,
        response: { 200: emailChangeResponse },
      },
    },
    async (request) => {
      const me = actorOf(request);
      return {
        success: true as const,
        data: await account.requestEmailChange(
          app.db.db,
          app.config,
          app.mailer,
          me,
          me.userId,
          me.sessionId,
          request.body,
        ),
      };
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'confirmEmailChange',
        tags: ['account'],
        summary:
          'Apply an e-mail change from the link mailed to the new address; revokes the other sessions and reset links, tells the old address',
        description:
          'Public: the link is the credential (single use, 24 hours). Errors: 400 invalid_token, 400 email_taken.',
        body: emailConfirmBody,
        response: { 200: emailConfirmResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await account.confirmEmailChange(app.db.db, app.config, app.mailer, requestActor(request), request.body),
    }),
  );
  app.post(
    '/api/account/email/cancel',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'cancelEmailChange',
        tags: ['account'],
        summary:
          'Undo an e-mail change from the link mailed to the old address: restores it and locks the account for EMAIL_CHANGE_GUARD_HOURS (issue 23 item 1)',
        description:
          'Public: the link is the credential (single use, EMAIL_CHANGE_GUARD_HOURS). Every session, reset link and pending e-mail change is spent; an administrator may lift the lock. Errors: 400 invalid_token.',
        body: emailConfirmBody,
        response: { 200: emailCancelResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await account.cancelEmailChange(app.db.db, app.config, app.mailer, requestActor(request), request.body),
    }),
  );

  app.put(
    '/api/account/photo',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'uploadOwnPhoto',
        tags: ['account'],
        summary: 'Upload own photo (multipart field `photo`, png or jpg, PHOTO_MAX_BYTES)',
        consumes: ['multipart/form-data'],
        response: { 200: userCheckResponse },
      },
    },
    async (request) => {
      const me = actorOf(request);
      const { mime, data } = await readImageUpload(uploadSource(request), 'photo', app.config.PHOTO_MAX_BYTES);
      await app.db.db.transaction(async (tx) => {
        await users.saveOwnPhoto(tx, me.userId, mime, data);
        await writeAudit(tx, me, {
          action: 'update',
          entity: 'user',
          entityId: me.userId,
          changes: { photo: { before: null, after: `${mime}, ${data.length} bytes` } },
        });
      });
      return { success: true as const, data: { user: await users.getProfile(app.db.db, me.userId) } };
    },
  );

  app.get(
    '/api/users/:id/photo',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'getUserPhoto',
        tags: ['account'],
        summary: "A staff member's photo (image bytes)",
        params: z.object({ id: uuid }),
      },
    },
    async (request, reply) => {
      const photo = await users.findUserPhoto(app.db.db, request.params.id);
      if (!photo) throw notFound();
      return reply
        .type(photo.mime)
        .header('cache-control', 'private, max-age=60')
        .header('x-content-type-options', 'nosniff')
        .send(photo.data);
    },
  );
};
