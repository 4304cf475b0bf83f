import { IconShieldCheck } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Registro de seguridad. */
export const securityLogModule: WebModule = {
  name: 'security-log',
  navigation: [
    {
      area: 'configuracion',
      items: [{ to: '/configuration/security-log', permission: 'configuracion_seguridad', icon: IconShieldCheck }],
    },
  ],
};
