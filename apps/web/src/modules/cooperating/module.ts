import { IconBuildingBank } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Cooperantes (funders). */
export const cooperatingModule: WebModule = {
  name: 'cooperating',
  navigation: [
    {
      area: 'configuracion',
      items: [
        { to: '/configuration/cooperating/list', permission: 'configuracion_cooperantes', icon: IconBuildingBank },
      ],
    },
  ],
};
