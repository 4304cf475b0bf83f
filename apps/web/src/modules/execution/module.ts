import { IconReceipt } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** Ejecución › Solicitudes (issue 26 section 3). */
export const executionModule: WebModule = {
  name: 'execution',
  navigation: [
    {
      area: 'ejecucion',
      items: [{ to: '/execution/requests/list', permission: 'ejecucion_solicitudes', icon: IconReceipt }],
    },
  ],
};
