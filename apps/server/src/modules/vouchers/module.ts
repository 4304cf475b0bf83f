import { defineModule } from '../../lib/module.ts';
import { vouchersRoutes } from './vouchers.routes.ts';

/** Vouchers (`configuracion_vales`, issue 26 section 2): numbered ranges the expense requests reserve from. */
export const vouchersModule = defineModule({ name: 'vouchers', routes: [vouchersRoutes] });
