import { IconCategory } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Catálogos. */
export const catalogsModule: WebModule = {
  name: 'catalogs',
  navigation: [
    {
      area: 'configuracion',
      items: [{ to: '/configuration/catalogs', permission: 'configuracion_catalogos', icon: IconCategory }],
    },
  ],
};
