import { IconLayoutDashboard } from '@tabler/icons-react';
import type { WebModule } from '../../shared/lib/module';

/** The dashboard: the first entry of the menu, for everyone. */
export const dashboardModule: WebModule = {
  name: 'dashboard',
  navigation: [
    { area: 'top', items: [{ to: '/dashboard', labelKey: 'common:menu.dashboard', icon: IconLayoutDashboard }] },
  ],
};
