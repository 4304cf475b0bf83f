import { hasPermission, type PermissionKey } from '@amparo/shared/permissions';
import type { z } from 'zod';
import {
  type EmailChoice,
  type NotificationItem,
  type NotificationKind,
  type notificationListQuery,
  type notificationPreferencesBody,
} from '@amparo/shared/modules/notifications.schema';
import type { Db, Executor } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { Actor, UserActor } from '../../lib/actor.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { localeText } from '../../lib/locale-text.ts';
import { notificationKind, notificationKinds } from '../../lib/notification-kinds.ts';
import type { Mailer } from '../../lib/mail.ts';
import * as users from '../users/users.service.ts';
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
 * that concerns them: the kinds the manifests declare whose key the user holds.
 */
export async function preferences(db: Db, actor: UserActor) {
  const own = new Map((await repo.preferencesOf(db, actor.userId)).map((p) => [p.kind, p.email as EmailChoice]));
  return {
    preferences: notificationKinds()
      .filter((k) => k.permission === 'session' || hasPermission(actor.permissions, k.permission))
      .map((k) => ({ kind: k.kind, email: own.get(k.kind) ?? k.email })),
  };
}

/** Changes the user's e-mail choices (one transaction; unmailed notifications of those kinds follow). */
export async function setPreferences(db: Db, actor: UserActor, body: z.output<typeof notificationPreferencesBody>) {
  // Only a kind some manifest declares (400 on the entry's kind otherwise).
  const declared = new Set(notificationKinds().map((k) => k.kind));
  body.preferences.forEach((p, i) => {
    if (!declared.has(p.kind)) throw invalidField(`preferences.${i}.kind`, 'invalid');
  });
  await db.transaction((tx) => repo.upsertPreferences(tx, actor.userId, body.preferences));
  return preferences(db, actor);
}

/** Who a notification is for: a user id, or every active holder of a key (with its parents). */
export type Recipient = string | { holders: PermissionKey };

/**
 * Tells users that something needs them (issue 12): one in-app notification per
 * active recipient, written in the caller's transaction (so it exists exactly
 * when the change does); the one acting is never told of their own act. The
 * recipients are user ids (the next actors of a record, `nextActors`, are ids
 * too) or `{ holders: key }`, every active user holding the key (issue 25
 * section 5). Each row carries the recipient's e-mail choice for the kind. The
 * kind must be declared by a manifest (a programming error otherwise).
 * `params` must hold no personal data (a file code, a ticket number): the list
 * and mails show them. Returns how many were written.
 */
export async function notify(
  tx: Executor,
  actor: Actor,
  n: {
    kind: NotificationKind;
    recipients: readonly Recipient[];
    link: string;
    params?: Record<string, string | number | boolean>;
  },
): Promise<number> {
  const kind = notificationKind(n.kind);
  const ids: string[] = [];
  for (const r of n.recipients) ids.push(...(typeof r === 'string' ? [r] : await users.activeHolderIds(tx, r.holders)));
  const recipients = [...new Set(ids)].filter((id) => id !== actor.userId);
  if (recipients.length === 0) return 0;
  const rows = await repo.activeRecipients(tx, recipients, n.kind);
  if (rows.length === 0) return 0;
  await repo.insertNotifications(
    tx,
    rows.map((r) => ({
      recipientId: r.id,
      kind: n.kind,
      link: n.link,
      params: n.params ?? {},
      email: r.email ?? kind.email,
    })),
  );
  return rows.length;
}

/**
 * Mails each user their unread notifications not mailed yet whose choice is
 * `choice` (`immediate`: the minute job; `digest`: the morning job), one mail
 * per user listing what happened by kind and linking to /notifications, then
 * marks them mailed. Inactive users get none. Returns the mails written.
 */
export async function mailPendingNotifications(
  db: Db,
  mailer: Mailer,
  config: Config,
  choice: Exclude<EmailChoice, 'off'>,
) {
  const pending = await repo.pendingMail(db, choice);
  type Pending = { ids: string[]; kinds: Map<NotificationKind, number> };
  const byRecipient = new Map<string, Pending>();
  for (const p of pending) {
    const entry: Pending = byRecipient.get(p.to) ?? { ids: [], kinds: new Map() };
    entry.ids.push(p.id);
    const kind = p.kind as NotificationKind;
    entry.kinds.set(kind, (entry.kinds.get(kind) ?? 0) + 1);
    byRecipient.set(p.to, entry);
  }
  for (const [to, { ids, kinds }] of byRecipient) {
    const lines = (lang: 'es' | 'en') =>
      [...kinds]
        .map(
          ([kind, count]) =>
            `- ${localeText(lang, 'notifications', `mail.${kind}`) ?? kind}${count > 1 ? ` (${count})` : ''}`,
        )
        .join('\n');
    await mailer.send({
      to,
      subject: `Amparo: ${ids.length} ${ids.length === 1 ? 'aviso nuevo / new notification' : 'avisos nuevos / new notifications'}`,
      text: `Tiene avisos nuevos en Amparo:\n${lines('es')}\n\nVéalos en ${config.PUBLIC_URL}/notifications\n\n--\nYou have new notifications in Amparo:\n${lines('en')}\n\nSee them at ${config.PUBLIC_URL}/notifications`,
    });
    await repo.markEmailed(db, ids);
  }
  return byRecipient.size;
}
