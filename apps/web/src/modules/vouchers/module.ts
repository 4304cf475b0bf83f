import { IconTicket } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Vales (issue 26 section 2). */
export const vouchersModule: WebModule = {
  name: 'vouchers',
  navigation: [
    {
      area: 'configuracion',
      items: [{ to: '/configuration/vouchers/list', permission: 'configuracion_vales', icon: IconTicket }],
    },
  ],
};
