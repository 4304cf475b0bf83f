import { OPEN_TICKET_STATUSES } from '@amparo/shared/modules/support.schema';
import { catalogColumnsPoint } from '../../lib/catalog-usage.ts';
import { dashboardCardsPoint } from '../../lib/dashboard-cards.ts';
import { contribute } from '../../lib/extension-points.ts';
import { fileReferencesPoint } from '../../lib/file-gc.ts';
import { scheduled } from '../../lib/jobs/runner.ts';
import { defineModule, moduleJob } from '../../lib/module.ts';
import { optionReadersPoint } from '../../lib/option-sources.ts';
import { workflowsPoint } from '../../lib/workflow/inbox.ts';
import { supportRoutes } from './support.routes.ts';
import * as service from './support.service.ts';
import { supportFiles, supportTickets } from './support.table.ts';
import { ticketWorkflow } from './support.workflow.ts';

/** Support tickets (issue 12): requests, the board, service targets in working time, and auto-close. */
export const supportModule = defineModule({
  name: 'support',
  routes: [supportRoutes],
  notifications: [
    // A new ticket for the support staff; a ticket given to the user; a ticket of the user's (raised or assigned)
    // moved by the other side; a comment from the other side.
    { kind: 'support.ticket_created', permission: 'soporte_gestion', email: 'immediate' },
    { kind: 'support.ticket_assigned', permission: 'soporte_gestion', email: 'immediate' },
    { kind: 'support.ticket_status', permission: 'soporte', email: 'immediate' },
    { kind: 'support.ticket_comment', permission: 'soporte', email: 'immediate' },
  ],
  contributes: [
    // Resolved tickets wait in their requester's inbox (issue 25 section 1).
    contribute(workflowsPoint, ticketWorkflow),
    // A ticket's classification and the queue's filters name headquarters (issue 23 item 4).
    contribute(optionReadersPoint, { name: 'headquarter', readers: ['soporte_tickets', 'soporte_gestion'] }),
    contribute(catalogColumnsPoint, { catalog: 'ticket_type', table: supportTickets, column: supportTickets.type }),
    // Collection never removes a file while a row holds it (issue 9 item 4).
    contribute(fileReferencesPoint, supportFiles.storageKey),
    contribute(fileReferencesPoint, supportFiles.previewKey),
    // The dashboard's card for support staff: open tickets and those past a target, as the board counts them.
    contribute(dashboardCardsPoint, {
      id: 'support',
      permission: 'soporte_gestion',
      read: async (db) => {
        const s = await service.dashboard(db);
        const open = s.open
          .filter((o) => (OPEN_TICKET_STATUSES as readonly string[]).includes(o.status))
          .reduce((n, o) => n + o.count, 0);
        return { open, breached: s.breached };
      },
    }),
  ],
  jobs: [
    // Resolved tickets the requester did not reopen close by themselves (issue 12).
    moduleJob(scheduled('support.auto-close'), { cron: '*/15 * * * *' }, async (app) => {
      await service.autoCloseResolved(app.db.db);
    }),
  ],
});
