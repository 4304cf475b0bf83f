import { defineModule } from '../../lib/module.ts';
import { lookupRoutes } from './lookup.routes.ts';
import { requestsRoutes } from './requests.routes.ts';

/**
 * Execution (`ejecucion`, issue 26 sections 3–5): expense requests against a planned month, committed on the
 * budget as they are saved. The approval chain, the comparative table and the check follow.
 */
export const executionModule = defineModule({ name: 'execution', routes: [requestsRoutes, lookupRoutes] });
