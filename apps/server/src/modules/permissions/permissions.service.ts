import { hasPermission, PERMISSION_KEYS, permissionLabel, requiredKeys } from '@amparo/shared/permissions';
import type { PermissionItem } from '@amparo/shared/modules/permissions.schema';
import { webRoutesOf } from '@amparo/shared/web-routes';
import type { Executor } from '../../db/client.ts';
import type { RegisteredRoute } from '../../plugins/auth.ts';
import * as repo from './permissions.repository.ts';

/**
 * The system permission screen's rows (spec section 6; issue 24 section 5), one per key of PERMISSION_TREE in the
 * tree's order: labels es/en, parent and depth, the web screens it opens (shared WEB_ROUTES), the API operations
 * declaring exactly that key (`routes`: the app's registered routes, collected by the auth plugin at onRoute, so
 * no hand list can drift), and the roles and users holding it. Holding means the set grants the key with every
 * parent key (`hasPermission`, what the server enforces); a user holds it through their role or, failing that,
 * through their role's keys plus their own extra keys (`via: 'extra'`).
 */
export async function listPermissions(db: Executor, routes: readonly RegisteredRoute[]): Promise<PermissionItem[]> {
  const [roles, users] = await Promise.all([repo.listRoleKeys(db), repo.listUserKeys(db)]);
  const userSets = users.map((u) => ({
    ...u,
    role: u.rolePermissions ?? [],
    all: new Set([...(u.rolePermissions ?? []), ...u.extraPermissions]),
  }));
  const byKey = new Map<string, PermissionItem['operations']>();
  for (const route of routes) {
    const list = byKey.get(route.permission) ?? [];
    list.push({ method: route.method, url: route.url, operationId: route.operationId });
    byKey.set(route.permission, list);
  }
  return PERMISSION_KEYS.map((key) => {
    const chain = requiredKeys(key);
    return {
      key,
      parent: chain[1] ?? null,
      depth: chain.length - 1,
      es: permissionLabel(key, 'es'),
      en: permissionLabel(key, 'en'),
      webRoutes: [...webRoutesOf(key)],
      operations: (byKey.get(key) ?? []).sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method)),
      roles: roles.filter((r) => hasPermission(r.permissions, key)).map(({ id, slug, name }) => ({ id, slug, name })),
      users: userSets
        .filter((u) => hasPermission(u.all, key))
        .map((u) => ({
          id: u.id,
          username: u.username,
          fullName: u.fullName,
          active: u.active,
          via: hasPermission(u.role, key) ? ('role' as const) : ('extra' as const),
        })),
    };
  });
}
