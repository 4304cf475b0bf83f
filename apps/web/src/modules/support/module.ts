import { IconLayoutKanban, IconSettings, IconTicket } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Support: the tickets list (requesters and staff), the board and the settings (staff). */
export const supportModule: WebModule = {
  name: 'support',
  navigation: [
    {
      area: 'soporte',
      items: [
        {
          to: '/support/tickets/list',
          anyOf: ['soporte_tickets', 'soporte_gestion'],
          labelKey: 'common:menu.supportTickets',
          icon: IconTicket,
        },
        {
          to: '/support/board',
          permission: 'soporte_gestion',
          labelKey: 'common:menu.supportBoard',
          icon: IconLayoutKanban,
        },
        {
          to: '/support/settings',
          permission: 'soporte_gestion',
          labelKey: 'common:menu.supportSettings',
          icon: IconSettings,
        },
      ],
    },
  ],
};
