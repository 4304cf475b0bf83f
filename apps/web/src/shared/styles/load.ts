import { withChunkTimeout } from '../lib/chunks';
import { loadOnce } from '../lib/load-once';

/**
 * The rest of Mantine's styles (rest.ts): whatever the shell and the lists do not draw at first (issue 24 section 4).
 * `restStyles.load()` resolves once its stylesheet is in the page (Vite's loader waits for the file), so code that
 * draws those components (a page other than a list, a list's select or menu on first use) awaits it first.
 */
export const restStyles = loadOnce(() => withChunkTimeout(import('./rest')));

/**
 * Starts the rest once the page has drawn and the browser is idle, so its bytes never compete with the first page's
 * own files and answers on a slow link. A failure is left to the next `load()`, which tries again.
 */
export function loadRestStylesWhenIdle(): void {
  const start = () => void restStyles.load().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 500);
}

/**
 * Whether a path's page is drawn with the first styles alone: the lists (`…/list`), which e2e/first-styles.spec.ts
 * checks one by one. Every other page waits for the rest before it draws.
 */
export function drawnWithFirstStyles(pathname: string): boolean {
  return /\/list\/?$/.test(pathname);
}

/** A lazy module that draws Mantine components of the rest (a select, a menu, a dialog): it resolves with both. */
export function withRestStyles<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, restStyles.load()]).then(([module]) => module);
}
