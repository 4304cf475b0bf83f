import type { ComponentType } from 'react';
import type { LinkProps } from '@tanstack/react-router';
import type { PermissionKey } from '@amparo/shared/permissions';

/** A menu entry (issue 25 section 4): a screen of the module, shown to the users who may open it. */
export interface NavItem {
  /** A registered route path: a wrong one fails `npm run typecheck`. */
  to: LinkProps['to'] & string;
  /** The route's permission key; absent for screens every user has (dashboard). */
  permission?: PermissionKey;
  /** Shown to holders of any of these keys instead (a list both requesters and support staff open). */
  anyOf?: PermissionKey[];
  /** Locale key of the label, when the permission key's label does not name the screen (or there is none). */
  labelKey?: string;
  icon: ComponentType<{ size?: number | string }>;
}

/** The menu's groups: the spec's areas (section 2), titled by their PERMISSION_TREE label. */
export type NavArea = 'poblacion' | 'documentacion' | 'soporte' | 'presupuesto' | 'ejecucion' | 'configuracion';

/**
 * A web module's manifest (`modules/<name>/module.ts`, issue 25 section 4): what the module adds to the app's
 * frame, beside its screens (`routes.tsx`, composed by `app/router.tsx` so links stay typed). Its menu entries
 * go under an area (`top` for the entries above the groups); `app/navigation.ts` assembles every manifest in
 * its order, so a new module adds its entries in its own folder. Same name as the server module.
 */
export interface WebModule {
  name: string;
  navigation?: readonly { area: NavArea | 'top'; items: readonly NavItem[] }[];
}
