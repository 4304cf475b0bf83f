import { agreementUsesPoint } from '../../lib/agreement-uses.ts';
import { contribute } from '../../lib/extension-points.ts';
import { fileReferencesPoint } from '../../lib/file-gc.ts';
import { scheduled } from '../../lib/jobs/runner.ts';
import { systemActor } from '../../lib/actor.ts';
import { defineModule, moduleJob } from '../../lib/module.ts';
import { optionReadersPoint } from '../../lib/option-sources.ts';
import { workflowsPoint } from '../../lib/workflow/inbox.ts';
import { documentsRoutes } from './documents.routes.ts';
import { usesOfAgreement } from './documents.service.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { liquidationRoutes } from './liquidation.routes.ts';
import { expenseRequestInvoices } from './invoices.table.ts';
import { expenseRequestRefunds } from './liquidation.table.ts';
import { budgetViewRoutes } from './budget-view.routes.ts';
import { refundsRoutes } from './refunds.routes.ts';
import { lookupRoutes } from './lookup.routes.ts';
import { perDiemsRoutes } from './per-diems.routes.ts';
import { personalRoutes } from './personal.routes.ts';
import { pettyCashRoutes } from './petty-cash.routes.ts';
import { requestsRoutes } from './requests.routes.ts';
import { remindWaitingRequests } from './requests.reminders.ts';
import { expenseRequestQuotes } from './requests.table.ts';
import { requestWorkflow } from './requests.workflow.ts';

/**
 * Execution (`ejecucion`, issue 26 sections 3–5): expense requests against a planned month, committed on the
 * budget as they are saved, and their approval chain (boss, superior above the band, administration), with
 * returns to an earlier stage and final rejections. The comparative table and the check follow.
 */
export const executionModule = defineModule({
  name: 'execution',
  routes: [
    requestsRoutes,
    documentsRoutes,
    inboxRoutes,
    lookupRoutes,
    pettyCashRoutes,
    invoicesRoutes,
    liquidationRoutes,
    budgetViewRoutes,
    refundsRoutes,
    personalRoutes,
    perDiemsRoutes,
  ],
  notifications: [
    // A request waits for the next approver (and their delegates); its requester hears of a return or rejection.
    { kind: 'execution.request_pending', permission: 'ejecucion', email: 'immediate' },
    { kind: 'execution.request_returned', permission: 'ejecucion_solicitudes', email: 'immediate' },
    // Its liquidator hears of a liquidation approved or returned.
    { kind: 'execution.liquidation_decided', permission: 'ejecucion', email: 'immediate' },
  ],
  jobs: [
    // Requests waiting at a stage longer than the dated setting's working days: their approvers are reminded.
    moduleJob(scheduled('execution.remind-waiting'), { cron: '0 * * * *', retryLimit: 0 }, async (app) => {
      await remindWaitingRequests(app.db.db, systemActor('job:execution.remind-waiting'));
    }),
  ],
  contributes: [
    // Requests waiting for an approval show in the approvers' inbox (issue 25 section 1).
    contribute(workflowsPoint, requestWorkflow),
    // A quote's PDF stays in the file store while its quote refers to it.
    contribute(fileReferencesPoint, expenseRequestQuotes.fileKey),
    // An invoice's scan and a refund's deposit slip (issue 27 section 1).
    contribute(fileReferencesPoint, expenseRequestInvoices.scanKey),
    contribute(fileReferencesPoint, expenseRequestRefunds.slipKey),
    // A framework agreement lists the requests whose quotes took its prices (issue 26 section 1).
    contribute(agreementUsesPoint, { name: 'expense-requests', read: usesOfAgreement }),
    // Administration picks a petty-cash fund's headquarter.
    contribute(optionReadersPoint, { name: 'headquarter', readers: ['ejecucion_administracion'] }),
  ],
});
