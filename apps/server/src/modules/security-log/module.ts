import { defineModule } from '../../lib/module.ts';
import { securityLogRoutes } from './security-log.routes.ts';

/** The security log (refused requests, sign-in events) for administrators. */
export const securityLogModule = defineModule({ name: 'security-log', routes: [securityLogRoutes] });
