import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_EMAIL_CHOICE,
  type EmailChoice,
  type NotificationKind,
} from '@amparo/shared/modules/notifications.schema';
import type { Db, Executor } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { Actor } from '../actor.ts';
import type { Mailer } from '../mail.ts';
import { users } from '../../modules/users/users.table.ts';
import { notificationPreferences, notifications } from './notifications.table.ts';

/**
 * Tells users that something needs them (issue 12): one in-app notification per
 * active recipient, written in the caller's transaction (so it exists exactly
 * when the change does); the one acting is never told of their own act. Each
 * row carries the recipient's e-mail choice for the kind. `params` must hold no
 * personal data (a file code, a ticket number): the list and mails show them.
 * Returns how many were written.
 */
export async function notify(
  tx: Executor,
  actor: Actor,
  n: {
    kind: NotificationKind;
    recipients: readonly string[];
    link: string;
    params?: Record<string, string | number | boolean>;
  },
): Promise<number> {
  const recipients = [...new Set(n.recipients)].filter((id) => id !== actor.userId);
  if (recipients.length === 0) return 0;
  const rows = await tx
    .select({ id: users.id, email: notificationPreferences.email })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, n.kind)),
    )
    .where(and(inArray(users.id, recipients), eq(users.active, true)));
  if (rows.length === 0) return 0;
  await tx.insert(notifications).values(
    rows.map((r) => ({
      recipientId: r.id,
      kind: n.kind,
      link: n.link,
      params: n.params ?? {},
      email: r.email ?? DEFAULT_EMAIL_CHOICE[n.kind],
    })),
  );
  return rows.length;
}

/** What a mail says of each kind, in both languages: never a name or any case data. */
const KIND_TEXT: Record<NotificationKind, { es: string; en: string }> = {
  'population.access_requested': {
    es: 'Alguien pidió acceso a un expediente que usted administra.',
    en: 'Someone asked for access to a file you administer.',
  },
  'population.access_decided': {
    es: 'Se decidió su solicitud de acceso a un expediente.',
    en: 'Your request for access to a file was decided.',
  },
  'support.ticket_created': { es: 'Se registró un ticket de soporte nuevo.', en: 'A new support ticket was raised.' },
  'support.ticket_assigned': { es: 'Se le asignó un ticket de soporte.', en: 'A support ticket was assigned to you.' },
  'support.ticket_status': {
    es: 'Cambió el estado de un ticket de soporte suyo.',
    en: 'The status of one of your support tickets changed.',
  },
  'support.ticket_comment': {
    es: 'Hay un comentario nuevo en un ticket de soporte suyo.',
    en: 'There is a new comment on one of your support tickets.',
  },
};

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
  const pending = await db
    .select({ id: notifications.id, kind: notifications.kind, to: users.email })
    .from(notifications)
    .innerJoin(users, and(eq(users.id, notifications.recipientId), eq(users.active, true)))
    .where(and(eq(notifications.email, choice), isNull(notifications.emailedAt), isNull(notifications.readAt)))
    .orderBy(notifications.recipientId, notifications.createdAt)
    .limit(5_000);
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
        .map(([kind, count]) => `- ${KIND_TEXT[kind]?.[lang] ?? kind}${count > 1 ? ` (${count})` : ''}`)
        .join('\n');
    await mailer.send({
      to,
      subject: `Amparo: ${ids.length} ${ids.length === 1 ? 'aviso nuevo / new notification' : 'avisos nuevos / new notifications'}`,
      text: `Tiene avisos nuevos en Amparo:\n${lines('es')}\n\nVéalos en ${config.PUBLIC_URL}/notifications\n\n--\nYou have new notifications in Amparo:\n${lines('en')}\n\nSee them at ${config.PUBLIC_URL}/notifications`,
    });
    await db
      .update(notifications)
      .set({ emailedAt: sql`now()` })
      .where(inArray(notifications.id, ids));
  }
  return byRecipient.size;
}
