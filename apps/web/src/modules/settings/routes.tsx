import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['settings'];

/**
 * `?key=` names the setting whose history is open, so a reload or a link keeps it (a key nobody defined is shown
 * as none by the page). Checked by its shape only: the definitions stay in the page's chunk.
 */
export function settingsSearch(search: Record<string, unknown>): { key?: string } {
  const key = search.key;
  return typeof key === 'string' && /^[a-z0-9_]{1,80}$/.test(key) ? { key } : {};
}

/** Configuración › Parámetros legales (issue 25 section 3, key configuracion_parametros). */
export const settingsRoutes = [
  createRoute({
    getParentRoute: () => appLayout,
    path: 'configuration/settings',
    beforeLoad: requirePermission('configuracion_parametros'),
    validateSearch: settingsSearch,
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/settings-page')),
      'SettingsPage',
    ),
  }),
] as const;
