import { IconUsers } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Usuarios. */
export const usersModule: WebModule = {
  name: 'users',
  navigation: [
    {
      area: 'configuracion',
      items: [{ to: '/configuration/users/list', permission: 'configuracion_usuarios', icon: IconUsers }],
    },
  ],
};
