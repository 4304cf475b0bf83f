import { z } from 'zod';
import { envelope, paged, pageQuery, uuid } from '../validation.ts';

/**
 * In-app notifications (issue 12). A notification says what happened (`kind`,
 * translated by the web: `notifications:kinds.<kind>`) and where to look
 * (`link`, a path of the web app); `params` carry only what the sentence needs
 * and is not personal (a file code, a ticket number), never a name: the list
 * and the e-mails stay free of case data.
 *
 * A kind is `<module>.<what>` (`support.ticket_created`), declared by its module's manifest on the server with its
 * key and default e-mail choice (issue 25 section 5); the server refuses a kind no manifest declares.
 */
export const notificationKind = z.string().regex(/^[a-z][a-z-]*\.[a-z][a-z_]*$/, 'invalid');
export type NotificationKind = z.infer<typeof notificationKind>;

/** How a kind reaches the user by e-mail: at once (within a minute), in the morning's digest, or not at all. */
export const EMAIL_CHOICES = ['immediate', 'digest', 'off'] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

export const notificationItem = z.object({
  id: uuid,
  kind: notificationKind,
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
  kind: notificationKind,
  email: z.enum(EMAIL_CHOICES, { error: 'invalid' }),
});
/** PUT /api/notifications/preferences: the choices to change (kinds left out keep theirs). */
export const notificationPreferencesBody = z.object({ preferences: z.array(notificationPreference).max(50) });
export const notificationPreferencesResponse = envelope(z.object({ preferences: z.array(notificationPreference) }));
