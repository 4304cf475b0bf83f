import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { userEventsPoint } from '../../lib/user-events.ts';
import { accountRoutes } from './account.routes.ts';
import { cancelPendingEmailChanges } from './email-changes.service.ts';

/**
 * The signed-in user's own account (spec sections 2 '/account', 5 and 7). An address changed by an administrator
 * spends the user's own pending change to another address (issue 9 item 1).
 */
export const accountModule = defineModule({
  name: 'account',
  routes: [accountRoutes],
  contributes: [
    contribute(userEventsPoint, {
      change: 'email_changed',
      name: 'account:email-changes',
      run: async (tx, userId) => {
        await cancelPendingEmailChanges(tx, userId);
      },
    }),
  ],
});
