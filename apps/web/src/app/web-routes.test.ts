import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { WEB_ROUTES } from '@amparo/shared/web-routes';
import { guardKeys } from '../shared/lib/guards';
import { createAppRouter } from './router';

interface RouteNode {
  fullPath: string;
  options: { beforeLoad?: unknown };
  children?: RouteNode[] | Record<string, RouteNode>;
}

/** Every route of the tree whose `beforeLoad` is a permission guard, as "key path" pairs ("/*" below a layout). */
function guardedRoutes(node: RouteNode, into = new Set<string>()): Set<string> {
  const keys = guardKeys(node.options.beforeLoad);
  const children = Object.values(node.children ?? {});
  const path = node.fullPath.replace(/\/$/, '') || '/';
  for (const key of keys ?? []) into.add(`${key} ${children.length ? `${path}/*` : path}`);
  for (const child of children) guardedRoutes(child, into);
  return into;
}

describe('the web screens each key opens (shared WEB_ROUTES, shown on the system permission screen)', () => {
  it("match the router's permission guards exactly", () => {
    const router = createAppRouter(new QueryClient());
    const fromRouter = [...guardedRoutes(router.routeTree as unknown as RouteNode)].sort();
    const fromMap = Object.entries(WEB_ROUTES)
      .flatMap(([key, paths]) => paths.map((p) => `${key} ${p}`))
      .sort();
    expect(fromMap).toEqual(fromRouter);
  });
});
