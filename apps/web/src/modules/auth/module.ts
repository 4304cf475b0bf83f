import type { WebModule } from '../../shared/lib/module';

/** Sign-in, registration and password reset (public pages). */
export const authModule: WebModule = { name: 'auth' };
