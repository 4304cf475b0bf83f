import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { userEventsPoint } from '../../lib/user-events.ts';
import { authRoutes } from './auth.routes.ts';
import { revokePasswordResets, revokeUserSessions } from './sessions.service.ts';

/**
 * Sign-in, sessions and self-registration (spec sections 2, 7 and 8). A switched-off account, or one whose address
 * an administrator changed, loses its sessions at once; a changed address also loses its reset links (issue 9
 * item 1): the users module says so through `userEventsPoint`.
 */
export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes],
  contributes: [
    contribute(userEventsPoint, {
      change: 'deactivated',
      name: 'auth:sessions',
      run: async (tx, userId) => {
        await revokeUserSessions(tx, userId);
      },
    }),
    contribute(userEventsPoint, {
      change: 'email_changed',
      name: 'auth:sessions',
      run: async (tx, userId) => {
        await revokeUserSessions(tx, userId);
        return { sessionsRevoked: true, resetTokensRevoked: await revokePasswordResets(tx, userId) };
      },
    }),
  ],
});
