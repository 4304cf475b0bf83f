import { IconShieldLock } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Roles. */
export const rolesModule: WebModule = {
  name: 'roles',
  navigation: [
    {
      area: 'configuracion',
      items: [{ to: '/configuration/roles/list', permission: 'configuracion_roles', icon: IconShieldLock }],
    },
  ],
};
