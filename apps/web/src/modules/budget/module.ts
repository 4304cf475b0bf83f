import { IconChartBar, IconChartPie, IconReportAnalytics, IconTransferIn } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Budget: the POA's lines, its summaries and the carry-forwards. */
export const budgetModule: WebModule = {
  name: 'budget',
  navigation: [
    {
      area: 'presupuesto',
      items: [
        { to: '/budget/planning/list', permission: 'presupuesto_planificacion', icon: IconChartBar },
        {
          to: '/budget/summary/poa',
          permission: 'presupuesto_planificacion',
          labelKey: 'common:menu.poaSummary',
          icon: IconReportAnalytics,
        },
        {
          to: '/budget/summary/funders',
          permission: 'asignacion',
          labelKey: 'common:menu.funderSummary',
          icon: IconChartPie,
        },
        {
          to: '/budget/carry-forwards',
          permission: 'asignacion_historial',
          labelKey: 'common:menu.carryForwards',
          icon: IconTransferIn,
        },
      ],
    },
  ],
};
