import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { optionReadersPoint } from '../../lib/option-sources.ts';
import { vouchersRoutes } from './vouchers.routes.ts';

/** Vouchers (`configuracion_vales`, issue 26 section 2): numbered ranges the expense requests reserve from. */
export const vouchersModule = defineModule({
  name: 'vouchers',
  routes: [vouchersRoutes],
  contributes: [
    // A range's form picks the headquarter that holds it (issue 23 item 4: the list's readers).
    contribute(optionReadersPoint, { name: 'headquarter', readers: ['configuracion_vales'] }),
  ],
});
