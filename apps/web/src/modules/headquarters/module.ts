import { IconBuilding } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Sedes. */
export const headquartersModule: WebModule = {
  name: 'headquarters',
  navigation: [
    {
      area: 'configuracion',
      items: [{ to: '/configuration/headquarter/list', permission: 'configuracion_sede', icon: IconBuilding }],
    },
  ],
};
