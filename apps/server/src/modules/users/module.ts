import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { optionReadersPoint } from '../../lib/option-sources.ts';
import { usersRoutes } from './users.routes.ts';

/** Staff accounts (`configuracion_usuarios`). The user form and the invitation pick a role (issue 23 item 4). */
export const usersModule = defineModule({
  name: 'users',
  routes: [usersRoutes],
  contributes: [contribute(optionReadersPoint, { name: 'role', readers: ['configuracion_usuarios'] })],
});
