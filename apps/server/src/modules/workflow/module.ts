import { defineModule } from '../../lib/module.ts';
import { workflowRoutes } from './workflow.routes.ts';

/**
 * The inbox across workflows (issue 25 section 1): the records waiting for the signed-in user. Its workflows are
 * the other modules' contributions to `workflowsPoint` (lib/workflow/inbox.ts); it imports no module.
 */
export const workflowModule = defineModule({ name: 'workflow', routes: [workflowRoutes] });
