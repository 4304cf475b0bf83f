import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, login } from './fixtures';

/**
 * The service worker (issue 24 section 4, decision 0023): it keeps the app's own built files, so a repeat visit
 * loads its scripts without the network, and it never keeps an answer of the API (every one may hold a child's
 * data). The other browser tests block service workers (playwright.config.ts); this one lets it run.
 */
test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });
  failOnPageErrors();

  /** Every cached request's path, in every cache of the origin. */
  const cachedPaths = (page: Page) =>
    page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      return paths;
    });

  async function openList(page: Page) {
    await page.goto('/population/served/list');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  }

  test('after visiting a list, the caches hold the built files and nothing from /api', async ({ page }) => {
    test.slow();
    await login(page);
    await openList(page);
    // Active means installed: its precache is complete.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // The repeat visit, now under the service worker: the page and its scripts come from it, the API never.
    const answers: { url: string; type: string; fromServiceWorker: boolean }[] = [];
    page.on('response', (res) =>
      answers.push({ url: res.url(), type: res.request().resourceType(), fromServiceWorker: res.fromServiceWorker() }),
    );
    await openList(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    const paths = await cachedPaths(page);
    expect(paths).toContain('/index.html');
    expect(paths.filter((p) => p.startsWith('/assets/') && p.endsWith('.js')).length).toBeGreaterThan(20);
    expect(
      paths.filter((p) => p.startsWith('/api')),
      'no answer of the API is ever cached',
    ).toEqual([]);
    expect(
      paths.filter((p) => p !== '/index.html' && !p.startsWith('/assets/')),
      'only built files are cached',
    ).toEqual([]);

    const api = answers.filter((a) => new URL(a.url).pathname.startsWith('/api/'));
    expect(api.length, 'the list asked the API').toBeGreaterThan(0);
    expect(api.filter((a) => a.fromServiceWorker).map((a) => a.url)).toEqual([]);
    const scripts = answers.filter((a) => a.type === 'script');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((a) => !a.fromServiceWorker).map((a) => a.url)).toEqual([]);
    expect(answers.find((a) => a.type === 'document')?.fromServiceWorker).toBe(true);
  });

  test('the sign-in page and the API are never answered by it', async ({ page }) => {
    await login(page);
    await openList(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const signIn = page.waitForResponse((res) => new URL(res.url()).pathname === '/sign-in');
    await page.goto('/sign-in');
    expect((await signIn).fromServiceWorker()).toBe(false);
    // Signed in, the sign-in page sends the user on (a page load).
    await expect(page).toHaveURL(/\/dashboard$/);
    const health = await page.evaluate(async () => (await fetch('/api/health')).ok);
    expect(health).toBe(true);
    expect((await cachedPaths(page)).filter((p) => p.startsWith('/api') || p.startsWith('/sign-in'))).toEqual([]);
  });
});
