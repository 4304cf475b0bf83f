import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createAppRouter } from './router';

interface RouteNode {
  fullPath: string;
  children?: RouteNode[] | Record<string, RouteNode>;
}

/** Every screen of the router: the full path of each leaf route. */
function screens(node: RouteNode, into: string[] = []): string[] {
  const children = Object.values(node.children ?? {});
  if (children.length === 0) into.push(node.fullPath.replace(/(.)\/$/, '$1'));
  for (const child of children) screens(child, into);
  return into;
}

describe("the router's screens", () => {
  // The browser tests read this file to visit every form and list (e2e/required-asterisk.spec.ts), so a new screen
  // is covered without a hand list; a route added or removed fails here until the file is updated (vitest -u).
  it('are listed in e2e/screens.json', async () => {
    const router = createAppRouter(new QueryClient());
    const paths = [...new Set(screens(router.routeTree as unknown as RouteNode))].sort();
    await expect(`${JSON.stringify(paths, null, 2)}\n`).toMatchFileSnapshot('../../../../e2e/screens.json');
  });
});
