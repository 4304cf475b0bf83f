import { z } from 'zod';
import { envelope, paged, pageQuery, uuid } from '../validation.ts';
import type { PermissionKey } from '../permissions.ts';

/**
 * In-app notifications (issue 12). A notification says what happened (`kind`,
 * translated by the web: `notifications:kinds.<kind>`) and where to look
 * (`link`, a path of the web app); `params` carry only what the sentence needs
 * and is not personal (a file code, a ticket number), never a name: the list
 * and the e-mails stay free of case data.
 */
export const NOTIFICATION_KINDS = [
  // Someone asked for access to a person's file the user administers (population, issue 3).
  'population.access_requested',
  // The user's request for access to a file was approved or denied.
  'population.access_decided',
  // Support (issue 12): a new ticket for the support staff; a ticket given to the user; a ticket of
  // the user's (raised or assigned) moved by the other side; a comment from the other side.
  'support.ticket_created',
  'support.ticket_assigned',
  'support.ticket_status',
  'support.ticket_comment',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The key that makes a kind concern a user (with its parents): the e-mail
 * choices list only the kinds a user can receive.
 */
export const KIND_PERMISSION: Record<NotificationKind, PermissionKey> = {
  'population.access_requested': 'poblacion_poblacion',
  'population.access_decided': 'poblacion_poblacion',
  'support.ticket_created': 'soporte_gestion',
  'support.ticket_assigned': 'soporte_gestion',
  'support.ticket_status': 'soporte',
  'support.ticket_comment': 'soporte',
};

/** How a kind reaches the user by e-mail: at once (within a minute), in the morning's digest, or not at all. */
export const EMAIL_CHOICES = ['immediate', 'digest', 'off'] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

/** Each kind's e-mail choice until the user picks another. */
export const DEFAULT_EMAIL_CHOICE: Record<NotificationKind, EmailChoice> = {
  'population.access_requested': 'immediate',
  'population.access_decided': 'digest',
  'support.ticket_created': 'immediate',
  'support.ticket_assigned': 'immediate',
  'support.ticket_status': 'immediate',
  'support.ticket_comment': 'immediate',
};

export const notificationItem = z.object({
  id: uuid,
  kind: z.enum(NOTIFICATION_KINDS),
  link: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET /api/notifications: newest first; `unread=true` for the unread only. */
export const notificationListQuery = pageQuery.omit({ order: true }).extend({
  unread: z.enum(['true', 'false']).optional(),
});
export const notificationListResponse = envelope(paged(notificationItem));
export const unreadCountResponse = envelope(z.object({ count: z.number().int() }));

export const notificationPreference = z.object({
  kind: z.enum(NOTIFICATION_KINDS, { error: 'invalid' }),
  email: z.enum(EMAIL_CHOICES, { error: 'invalid' }),
});
/** PUT /api/notifications/preferences: the choices to change (kinds left out keep theirs). */
export const notificationPreferencesBody = z.object({ preferences: z.array(notificationPreference).max(50) });
export const notificationPreferencesResponse = envelope(z.object({ preferences: z.array(notificationPreference) }));
