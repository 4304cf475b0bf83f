/** Where the build writes the service worker (vite.config.ts, vite-plugin-pwa): the site's root, so its scope is `/`. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker that keeps the app's own files (issue 24 section 4): the shell and every hashed
 * chunk, so a repeat visit loads no script over the network. It caches nothing from `/api` (decision 0023).
 * Registered after the page's load event, so its precache download does not compete with the first page's own
 * files and answers; not in `npm run dev` (Vite serves unhashed modules there). A browser that refuses it (a
 * private window, a test that blocks service workers) simply goes without.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
