import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { optionSourcesPoint } from '../../lib/option-sources.ts';
import { rolesRoutes } from './roles.routes.ts';
import * as service from './roles.service.ts';

/**
 * Roles and their keys (`configuracion_roles`). Roles serve pickers (the user form, invitations) without the key:
 * the generic catalog call `role`, which the users module lets its screens' key read.
 */
export const rolesModule = defineModule({
  name: 'roles',
  routes: [rolesRoutes],
  contributes: [
    contribute(optionSourcesPoint, {
      name: 'role',
      readers: ['configuracion_roles'],
      source: async (db) =>
        (await service.listRoles(db)).map((r) => ({ code: r.slug, cname: r.name, value: r.id, active: true })),
    }),
  ],
});
