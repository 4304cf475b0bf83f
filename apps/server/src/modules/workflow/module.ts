import { defineModule } from '../../lib/module.ts';
import { delegationsRoutes } from './delegations.routes.ts';
import { workflowRoutes } from './workflow.routes.ts';

/**
 * The inbox across workflows and the delegations (issue 25 section 1): the records waiting for the signed-in
 * user, and who acts for whom while away. Its workflows are the other modules' contributions to
 * `workflowsPoint` (lib/workflow/inbox.ts); it imports no workflow's module.
 */
export const workflowModule = defineModule({
  name: 'workflow',
  routes: [workflowRoutes, delegationsRoutes],
  // A colleague delegated their approvals to the user.
  notifications: [{ kind: 'workflow.delegation_received', permission: 'session', email: 'immediate' }],
});
