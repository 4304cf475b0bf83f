import { hasPermission } from '@amparo/shared/permissions';
import type { z } from 'zod';
import {
  DEFAULT_EMAIL_CHOICE,
  KIND_PERMISSION,
  NOTIFICATION_KINDS,
  type EmailChoice,
  type NotificationItem,
  type notificationListQuery,
  type notificationPreferencesBody,
} from '@amparo/shared/modules/notifications.schema';
import type { Db } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './notifications.repository.ts';

type Row = Awaited<ReturnType<typeof repo.listOwn>>['items'][number];
const toItem = (r: Row): NotificationItem => ({
  id: r.id,
  kind: r.kind as NotificationItem['kind'],
  link: r.link,
  params: r.params,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

/** The signed-in user's notifications, newest first (only their own: the recipient is the actor). */
export async function listOwn(db: Db, actor: UserActor, q: z.output<typeof notificationListQuery>) {
  const { items, total } = await repo.listOwn(db, actor.userId, {
    unread: q.unread === 'true',
    page: q.page,
    pageSize: q.pageSize,
  });
  return { items: items.map(toItem), page: q.page, pageSize: q.pageSize, total, totalCapped: false };
}

/** How many of the user's notifications are unread (the top bar's badge). */
export async function unreadCount(db: Db, actor: UserActor) {
  return { count: await repo.unreadCount(db, actor.userId) };
}

/** Marks one notification read; 404 when it is not the user's (whose it is, is not told). */
export async function markRead(db: Db, actor: UserActor, id: string) {
  if (!(await repo.markRead(db, actor.userId, id))) throw notFound();
  return unreadCount(db, actor);
}

export async function markAllRead(db: Db, actor: UserActor) {
  await repo.markAllRead(db, actor.userId);
  return unreadCount(db, actor);
}

/**
 * The user's e-mail choice (their own, else the kind's default) for every kind
 * that concerns them: the kinds whose key (`KIND_PERMISSION`) they hold.
 */
export async function preferences(db: Db, actor: UserActor) {
  const own = new Map((await repo.preferencesOf(db, actor.userId)).map((p) => [p.kind, p.email as EmailChoice]));
  return {
    preferences: NOTIFICATION_KINDS.filter((kind) => hasPermission(actor.permissions, KIND_PERMISSION[kind])).map(
      (kind) => ({ kind, email: own.get(kind) ?? DEFAULT_EMAIL_CHOICE[kind] }),
    ),
  };
}

/** Changes the user's e-mail choices (one transaction; unmailed notifications of those kinds follow). */
export async function setPreferences(db: Db, actor: UserActor, body: z.output<typeof notificationPreferencesBody>) {
  await db.transaction((tx) => repo.upsertPreferences(tx, actor.userId, body.preferences));
  return preferences(db, actor);
}
