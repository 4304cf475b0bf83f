import { IconCash, IconCashBanknote, IconChartBar, IconInbox, IconReceipt, IconUsers } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Ejecución › Solicitudes (issue 26 section 3). */
export const executionModule: WebModule = {
  name: 'execution',
  navigation: [
    {
      area: 'ejecucion',
      items: [
        {
          to: '/execution/requests/list',
          anyOf: [
            'ejecucion_solicitudes',
            'ejecucion_aprobacion_jefe',
            'ejecucion_aprobacion_superior',
            'ejecucion_administracion',
          ],
          labelKey: 'common:menu.requests',
          icon: IconReceipt,
        },
        {
          to: '/execution/requests/inbox',
          // The approvers' screen; a delegate without a key of the chain finds theirs on the dashboard's inbox.
          anyOf: ['ejecucion_aprobacion_jefe', 'ejecucion_aprobacion_superior', 'ejecucion_administracion'],
          labelKey: 'common:menu.requestsInbox',
          icon: IconInbox,
        },
        {
          to: '/execution/petty-cash/list',
          // Custodians see their funds, administration all of them.
          anyOf: ['ejecucion_solicitudes', 'ejecucion_administracion'],
          labelKey: 'common:menu.pettyCash',
          icon: IconCash,
        },
        {
          to: '/execution/budget',
          anyOf: ['ejecucion_administracion'],
          labelKey: 'common:menu.executionBudget',
          icon: IconChartBar,
        },
        {
          to: '/execution/refunds',
          anyOf: ['ejecucion_administracion'],
          labelKey: 'common:menu.refunds',
          icon: IconCashBanknote,
        },
        {
          to: '/execution/personal',
          permission: 'ejecucion_personal',
          icon: IconUsers,
        },
      ],
    },
  ],
};
