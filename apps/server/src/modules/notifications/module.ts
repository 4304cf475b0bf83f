import { scheduled } from '../../lib/jobs/runner.ts';
import { defineModule, moduleJob } from '../../lib/module.ts';
import { mailPendingNotifications } from './notifications.service.ts';
import { notificationsRoutes } from './notifications.routes.ts';

/**
 * The signed-in user's own notifications (issue 12). Two jobs mail them: unread ones chosen `immediate` every
 * minute, `digest` ones each morning at 07:00 (America/Guatemala).
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  routes: [notificationsRoutes],
  jobs: [
    moduleJob(scheduled('notifications.mail-immediate'), { cron: '* * * * *', retryLimit: 0 }, async (app) => {
      await mailPendingNotifications(app.db.db, app.mailer, app.config, 'immediate');
    }),
    moduleJob(scheduled('notifications.mail-digest'), { cron: '0 7 * * *' }, async (app) => {
      await mailPendingNotifications(app.db.db, app.mailer, app.config, 'digest');
    }),
  ],
});
