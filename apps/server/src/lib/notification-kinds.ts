import type { EmailChoice } from '@amparo/shared/modules/notifications.schema';
import type { PermissionKey } from '@amparo/shared/permissions';
import { extensionPoint } from './extension-points.ts';

/**
 * A kind of notification a module sends (issue 25 section 5), declared in the module's manifest
 * (`notifications: [...]`). Its texts are in the web's locale files, under the kind's path in `notifications.json`:
 * `kinds.<kind>` (the sentence of the list, with its params), `kindNames.<kind>` (the e-mail choices screen) and
 * `mail.<kind>` (the line of a mail, which names nothing); `kinds.test.ts` checks that every declared kind has all
 * three in both languages.
 */
export interface NotificationKindDef {
  /** `<module>.<what>` (`support.ticket_created`). */
  kind: string;
  /**
   * The key that makes the kind concern a user (with its parents): the e-mail choices list only such kinds;
   * `session`: every signed-in user (a delegation received).
   */
  permission: PermissionKey | 'session';
  /** The e-mail choice until the user picks another. */
  email: EmailChoice;
}

export const notificationKindsPoint = extensionPoint<NotificationKindDef>('notification-kinds', { key: (k) => k.kind });

let kinds: ReadonlyMap<string, NotificationKindDef> = new Map();

/** The kinds the app's manifests declare, set by `app.ts` before the app serves (one set per process). */
export function useNotificationKinds(list: readonly NotificationKindDef[]) {
  kinds = new Map(list.map((k) => [k.kind, k]));
}

/** Every declared kind, in the order of the manifests. */
export const notificationKinds = (): NotificationKindDef[] => [...kinds.values()];

/** The declaration of `kind`; a kind no manifest declares is a programming error (thrown, never sent). */
export function notificationKind(kind: string): NotificationKindDef {
  const def = kinds.get(kind);
  if (!def) throw new Error(`notification kind ${kind} is declared by no module's manifest`);
  return def;
}
