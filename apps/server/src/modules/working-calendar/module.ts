import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { optionReadersPoint } from '../../lib/option-sources.ts';
import { workingCalendarRoutes } from './working-calendar.routes.ts';

/** Configuración › Calendario laboral (issue 12): a holiday may hold for one headquarter (issue 23 item 4). */
export const workingCalendarModule = defineModule({
  name: 'working-calendar',
  routes: [workingCalendarRoutes],
  contributes: [contribute(optionReadersPoint, { name: 'headquarter', readers: ['configuracion_calendario'] })],
});
