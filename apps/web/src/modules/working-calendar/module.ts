import { IconCalendarTime } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Configuración › Calendario laboral. */
export const workingCalendarModule: WebModule = {
  name: 'working-calendar',
  navigation: [
    {
      area: 'configuracion',
      items: [
        { to: '/configuration/working-calendar', permission: 'configuracion_calendario', icon: IconCalendarTime },
      ],
    },
  ],
};
