import { IconScale } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Parámetros (dated configuration). */
export const settingsModule: WebModule = {
  name: 'settings',
  navigation: [
    {
      area: 'configuracion',
      items: [{ to: '/configuration/settings', permission: 'configuracion_parametros', icon: IconScale }],
    },
  ],
};
