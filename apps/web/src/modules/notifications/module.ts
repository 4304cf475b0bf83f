import type { WebModule } from '../../shared/lib/module';

/** The user's notifications (the top bar's bell) and their e-mail choices. */
export const notificationsModule: WebModule = { name: 'notifications' };
