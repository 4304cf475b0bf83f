import { IconCalendarEvent, IconUsersGroup } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** The population registry: persons served and group activities. */
export const populationModule: WebModule = {
  name: 'population',
  navigation: [
    {
      area: 'poblacion',
      items: [
        { to: '/population/served', permission: 'poblacion_poblacion', icon: IconUsersGroup },
        { to: '/population/activities', permission: 'poblacion_actividades', icon: IconCalendarEvent },
      ],
    },
  ],
};
