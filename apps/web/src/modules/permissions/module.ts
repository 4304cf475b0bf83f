import { IconKey } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Permisos del sistema (the permission tree). */
export const permissionsModule: WebModule = {
  name: 'permissions',
  navigation: [
    {
      area: 'configuracion',
      items: [
        {
          to: '/configuration/permissions/list',
          permission: 'configuracion_roles',
          labelKey: 'common:menu.systemPermissions',
          icon: IconKey,
        },
      ],
    },
  ],
};
