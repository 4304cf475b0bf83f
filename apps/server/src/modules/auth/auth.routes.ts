import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appInfoResponse,
  forgotBody,
  invitationInfo,
  loginBody,
  loginResponse,
  okResponse,
  registerBody,
  resetBody,
  resetCheckBody,
  usernameAvailableQuery,
  usernameAvailableResponse,
  userCheckResponse,
} from '@amparo/shared/modules/auth.schema';
import { envelope, uuid } from '@amparo/shared/validation';
import { invitationCreate, invitationResponse } from '@amparo/shared/modules/users.schema';
import { servedSecurely } from '../../config.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { revokeSession } from './auth.repository.ts';
import * as auth from './auth.service.ts';
import { takeAttempt } from './attempts.service.ts';
import { getProfile } from '../users/users.service.ts';
import { assertRoleAssignable, usernameTaken } from '../users/users.service.ts';
import { actorOf, requestActor } from '../../plugins/actor.ts';
import { pingDatabase } from '../../db/sql.ts';

/** Sign-in, session and self-registration (spec sections 2, 7 and 8). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    // Issue 23 item 4: Secure unless PUBLIC_URL is plain http on loopback, whatever NODE_ENV says.
    secure: servedSecurely(app.config),
  };

  app.post(
    '/api/login',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'login',
        tags: ['auth'],
        summary: 'Sign in; sets the httpOnly session cookie and returns data.user with token and permisos',
        description:
          'Errors: 400 validation, 401 credentials_wrong (same for unknown user, wrong password or inactive account), 401 account_locked (right password, account locked by its owner: issue 23 item 1), 429 too_many_attempts.',
        body: loginBody,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { token, profile } = await auth.login(app.db.db, app.config, requestActor(request), request.body);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: app.config.SESSION_ABSOLUTE_HOURS * 3600 });
      return { success: true as const, data: { user: { ...profile, token } } };
    },
  );

  app.post(
    '/api/logout',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'Revoke the current session and clear the cookie',
        response: { 200: okResponse },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db.db, actorOf(request).sessionId);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { success: true as const, data: {} };
    },
  );

  app.post(
    '/api/user-check',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'userCheck',
        tags: ['auth'],
        summary: 'Verify the session (called on every navigation); 401 when it is gone',
        response: { 200: userCheckResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: { user: await getProfile(app.db.db, actorOf(request).userId) },
    }),
  );

  app.post(
    '/api/forgot',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'forgot',
        tags: ['auth'],
        summary: 'Mail a single-use reset link (1 hour); same answer, at once, whether or not the account exists',
        description:
          'Errors: 400 validation, 429 too_many_attempts (3 per address asked for, 10 per client address in LOGIN_WINDOW_MINUTES).',
        body: forgotBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await auth.forgot(app.db.db, app.config, app.mailer, app.background, requestActor(request), request.body);
      return { success: true as const, data: {} };
    },
  );

  app.post(
    '/api/reset',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'reset',
        tags: ['auth'],
        summary: 'Set a new password with a reset token; revokes every session',
        description: 'Errors: 400 validation, 400 invalid_token (unknown, used or older than one hour).',
        body: resetBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await auth.reset(app.db.db, requestActor(request), request.body);
      return { success: true as const, data: {} };
    },
  );

  app.post(
    '/api/reset/check',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'resetCheck',
        tags: ['auth'],
        summary: 'Whether a reset token is still good, without spending it (the reset page asks when it opens)',
        description:
          'Errors: 400 invalid_token (unknown, used or older than one hour), 429 too_many_attempts (30 per client address in LOGIN_WINDOW_MINUTES).',
        body: resetCheckBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await auth.checkResetToken(app.db.db, app.config, requestActor(request), request.body);
      return { success: true as const, data: {} };
    },
  );

  app.get(
    '/api/register/username-available',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'usernameAvailable',
        tags: ['auth'],
        summary: 'Username availability check (spec section 5)',
        description: 'Errors: 429 too_many_attempts (60 per client address in LOGIN_WINDOW_MINUTES, issue 9 item 3).',
        querystring: usernameAvailableQuery,
        response: { 200: usernameAvailableResponse },
      },
    },
    async (request) => {
      await takeAttempt(app.db.db, app.config, 'username_check', null, request.ip);
      return { success: true as const, data: { available: !(await usernameTaken(app.db.db, request.query.username)) } };
    },
  );

  app.get(
    '/api/register/:id',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'invitation',
        tags: ['auth'],
        summary: 'An open invitation (404 invitation_invalid when used or expired)',
        params: z.object({ id: uuid }),
        response: { 200: invitationInfo },
      },
    },
    async (request) => ({ success: true as const, data: await auth.invitationInfo(app.db.db, request.params.id) }),
  );

  app.post(
    '/api/register',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'register',
        tags: ['auth'],
        summary: 'Create an account from an invitation (institutional mail only)',
        body: registerBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await auth.register(app.db.db, app.config, requestActor(request), request.body);
      return { success: true as const, data: {} };
    },
  );

  app.get(
    '/api/app-info',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'appInfo',
        tags: ['auth'],
        summary: 'Public settings the web needs before sign-in',
        response: { 200: appInfoResponse },
      },
    },
    async () => ({
      success: true as const,
      data: {
        testBanner: app.config.APP_TEST_BANNER,
        allowedEmailDomains: app.config.ALLOWED_EMAIL_DOMAINS,
        photoMaxBytes: app.config.PHOTO_MAX_BYTES,
        documentMaxBytes: app.config.DOCUMENT_MAX_BYTES,
        activityPhotoMaxBytes: app.config.ACTIVITY_PHOTO_MAX_BYTES,
        emailChangeGuardHours: app.config.EMAIL_CHANGE_GUARD_HOURS,
        version: '0.1.0',
      },
    }),
  );

  app.get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: {
        operationId: 'health',
        tags: ['auth'],
        summary: 'Liveness: the database answers',
        response: { 200: envelope(z.object({ database: z.literal('up') })) },
      },
    },
    async () => {
      await pingDatabase(app.db.db);
      return { success: true as const, data: { database: 'up' as const } };
    },
  );

  // Invitations are auth's (auth owns accounts-to-be); the route keeps its place under Configuración › Usuarios.
  app.post(
    '/api/users/invitations',
    {
      config: { permission: 'configuracion_usuarios' as const },
      schema: {
        operationId: 'inviteUser',
        tags: ['users'],
        summary: 'Invite someone to register (/register/{id}), valid 7 days',
        body: invitationCreate,
        response: { 200: invitationResponse },
      },
    },
    async (request) => {
      // The invitation's role becomes the new user's: the same rule as assigning it (issue 9 item 1).
      await assertRoleAssignable(app.db.db, actorOf(request), request.body.roleId);
      return {
        success: true as const,
        data: await auth.invite(
          app.db.db,
          app.config,
          app.mailer,
          actorOf(request),
          request.body.email,
          request.body.roleId,
        ),
      };
    },
  );
};
