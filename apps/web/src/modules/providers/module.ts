import { IconTruckDelivery } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Proveedores (issue 26 section 1). */
export const providersModule: WebModule = {
  name: 'providers',
  navigation: [
    {
      area: 'configuracion',
      items: [
        { to: '/configuration/providers/list', permission: 'configuracion_proveedores', icon: IconTruckDelivery },
      ],
    },
  ],
};
