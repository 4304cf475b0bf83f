import type { AnyRoute } from '@tanstack/react-router';

/** Documentation (issue 4): routes are added by the module's pages. */
export function documentationRoutes(_parent: AnyRoute): AnyRoute[] {
  return [];
}
