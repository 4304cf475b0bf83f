import type { WebModule } from '../../shared/lib/module';

/** The signed-in user's own account (reached from the user menu). */
export const accountModule: WebModule = { name: 'account' };
