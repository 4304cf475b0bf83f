import { todayInGuatemala } from '@amparo/shared/format';
import { catalogColumnsPoint } from '../../lib/catalog-usage.ts';
import { dashboardCardsPoint } from '../../lib/dashboard-cards.ts';
import { contribute } from '../../lib/extension-points.ts';
import { itemCommitmentsPoint } from '../../lib/item-commitments.ts';
import { scheduled } from '../../lib/jobs/runner.ts';
import { defineModule, moduleJob } from '../../lib/module.ts';
import { optionReadersPoint } from '../../lib/option-sources.ts';
import { planLineRulesPoint } from '../../lib/plan-links.ts';
import { workflowsPoint } from '../../lib/workflow/inbox.ts';
import * as assignment from './assignment/assignment.service.ts';
import { assignmentRoutes } from './assignment/assignment.routes.ts';
import { carryForwardRoutes } from './carry-forward/carry-forward.routes.ts';
import { planningImportRoutes } from './import/planning-import.routes.ts';
import { planRoutes } from './plan/plan.routes.ts';
import { planningRoutes } from './planning/planning.routes.ts';
import { summaryRoutes } from './summary/summary.routes.ts';
import { carryForwardWorkflow } from './carry-forward/carry-forward.workflow.ts';
import { planWorkflow } from './plan/plan.workflow.ts';
import { planningLines } from './planning/planning.table.ts';
import * as goals from './goals/goals.service.ts';
import { poaSummary } from './summary/summary.service.ts';
import * as totals from './totals/totals.service.ts';

/**
 * Budget (issue 13): the annual operating plan, its assignment to cooperating items, the plan's versions and
 * carry-forwards, the summaries and the import. Sub-modules as population's: planning/ (the lines), plan/ (the
 * year's plan and its workflow), goals/, assignment/, carry-forward/, import/ (import and copy of a year),
 * summary/, totals/ (the kept totals) and spending/ (commit, release, execute: the one call spending modules use).
 */
export const budgetModule = defineModule({
  name: 'budget',
  // The sub-modules' routes: the plan's lines, their assignment, the summaries, the year's plan and its versions,
  // carry-forwards, and the import and copy of a year (issue 13).
  routes: [assignmentRoutes, summaryRoutes, planRoutes, carryForwardRoutes, planningImportRoutes, planningRoutes],
  notifications: [
    // A year's plan sent for approval (to its approvers) and decided (to who sent it); a carry-forward requested
    // (to who approves them) and decided (to who asked).
    { kind: 'budget.plan_submitted', permission: 'presupuesto_aprobacion', email: 'immediate' },
    { kind: 'budget.plan_decided', permission: 'presupuesto_planificacion', email: 'immediate' },
    { kind: 'budget.carry_forward_requested', permission: 'presupuesto_aprobacion', email: 'immediate' },
    { kind: 'budget.carry_forward_decided', permission: 'asignacion_transacciones', email: 'digest' },
  ],
  contributes: [
    // Submitted plans and requested carry-forwards wait in their approvers' inboxes (issue 25 section 1).
    contribute(workflowsPoint, planWorkflow),
    contribute(workflowsPoint, carryForwardWorkflow),
    // Planning lines and their filters, and the assignment screens, name headquarters and cooperating (issue 23 item 4).
    contribute(optionReadersPoint, { name: 'headquarter', readers: ['presupuesto_planificacion', 'asignacion'] }),
    contribute(optionReadersPoint, { name: 'cooperating', readers: ['presupuesto_planificacion', 'asignacion'] }),
    // A line's classification keeps its catalog items in use (they can be deactivated, not deleted).
    contribute(catalogColumnsPoint, {
      catalog: 'strategic_axis',
      table: planningLines,
      column: planningLines.strategicAxis,
    }),
    contribute(catalogColumnsPoint, { catalog: 'program', table: planningLines, column: planningLines.program }),
    contribute(catalogColumnsPoint, {
      catalog: 'expense_type',
      table: planningLines,
      column: planningLines.expenseType,
    }),
    // Activities and attentions pick the line they execute; the budget says which lines they may pick.
    contribute(planLineRulesPoint, { check: goals.planLinkCheck, options: goals.planLineOptions }),
    // What the assignment holds on a cooperating item: the item's amount never falls below it.
    contribute(itemCommitmentsPoint, { name: 'budget', held: assignment.heldOnItem }),
    // The dashboard's card for planners: the current year's POA (America/Guatemala), its lines, planned and executed.
    contribute(dashboardCardsPoint, {
      id: 'budget',
      permission: 'presupuesto_planificacion',
      read: async (db) => {
        const year = Number(todayInGuatemala().slice(0, 4));
        const poa = await poaSummary(db, year);
        return { year, lineCount: poa.lineCount, planned: poa.total.planned, executed: poa.total.executed };
      },
    }),
  ],
  jobs: [
    // The kept totals (issue 24 section 1): folded every minute, checked against the ledgers every night at 02:30
    // (a difference fails the job, listed where administrators see failed jobs; never corrected silently).
    moduleJob(scheduled('budget.compact-totals'), { cron: '* * * * *', retryLimit: 0 }, async (app) => {
      await totals.compactTotals(app.db.db);
    }),
    moduleJob(scheduled('budget.verify-totals'), { cron: '30 2 * * *', retryLimit: 0 }, (app) =>
      totals.verifyTotals(app.db.db),
    ),
  ],
});
