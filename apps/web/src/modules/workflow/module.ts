import type { WebModule } from '../../shared/lib/module';

/** The signed-in user's delegations (reached from the user menu): who acts in their name while away. */
export const workflowModule: WebModule = { name: 'workflow' };
