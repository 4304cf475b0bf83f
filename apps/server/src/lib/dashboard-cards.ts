import type { PermissionKey } from '@amparo/shared/permissions';
import type { Db } from '../db/client.ts';
import type { UserActor } from './actor.ts';
import { extensionPoint } from './extension-points.ts';

/**
 * A card of the dashboard (issue 24 section 6 item 7; issue 25 section 4): an area's figures for the holders of its
 * key, contributed by the area's module in its manifest, so the dashboard never imports the areas it shows. `id`
 * is the card's field in the dashboard's answer (`support`, `budget`: `dashboardResponse` in the shared contract
 * gives each one's shape); `read` runs only for a holder of `permission` (with its parents), and the field is
 * null for anyone else, so nothing of an area is read for a user who does not hold it.
 */
export interface DashboardCard {
  id: string;
  permission: PermissionKey;
  read: (db: Db, actor: UserActor) => Promise<unknown>;
}

export const dashboardCardsPoint = extensionPoint<DashboardCard>('dashboard-cards', { key: (c) => c.id });
