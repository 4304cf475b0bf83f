import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListQuery,
  notificationListResponse,
  notificationPreferencesBody,
  notificationPreferencesResponse,
  unreadCountResponse,
} from '@amparo/shared/modules/notifications.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './notifications.service.ts';

/**
 * The signed-in user's own notifications (issue 12): list, unread count, mark
 * read, e-mail choices. Every route is `session`: a user reaches only their
 * own rows. Two jobs mail them: unread ones chosen `immediate` every minute,
 * `digest` ones each morning at 07:00 (America/Guatemala).
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: 'Own notifications, newest first; unread=true for the unread only',
        querystring: notificationListQuery,
        response: { 200: notificationListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listOwn(app.db.db, actorOf(request), request.query),
    }),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'countUnreadNotifications',
        tags: ['notifications'],
        summary: 'How many own notifications are unread (the top bar badge)',
        response: { 200: unreadCountResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.unreadCount(app.db.db, actorOf(request)) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'readNotification',
        tags: ['notifications'],
        summary: "Marks an own notification read (404 for another user's); answers the unread count",
        params: z.object({ id: uuid }),
        response: { 200: unreadCountResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.markRead(app.db.db, actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'readAllNotifications',
        tags: ['notifications'],
        summary: 'Marks every own notification read; answers the unread count (0)',
        response: { 200: unreadCountResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.markAllRead(app.db.db, actorOf(request)) }),
  );

  app.get(
    '/api/notifications/preferences',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'getNotificationPreferences',
        tags: ['notifications'],
        summary: 'Own e-mail choice per kind: immediate, digest (07:00) or off',
        response: { 200: notificationPreferencesResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.preferences(app.db.db, actorOf(request)) }),
  );

  app.put(
    '/api/notifications/preferences',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'setNotificationPreferences',
        tags: ['notifications'],
        summary: 'Changes own e-mail choices (kinds left out keep theirs)',
        body: notificationPreferencesBody,
        response: { 200: notificationPreferencesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.setPreferences(app.db.db, actorOf(request), request.body),
    }),
  );
};
