import { expect, test } from '@playwright/test';
import { login } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };

/**
 * Issue 11 item 1: how the app reaches a browser on a slow link. The built
 * files arrive compressed and cached for good, the HTML paints a loading
 * state before any script runs, and a screen whose code cannot be fetched
 * says so, translated, with a reload button instead of a blank page.
 */
test.describe('delivery', () => {
  test('the scripts arrive compressed and immutable; the HTML is revalidated', async ({ page }) => {
    const scripts: { url: string; encoding: string | undefined; cache: string | undefined; bytes: number }[] = [];
    const reading: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      reading.push(
        res.body().then((body) => {
          const headers = res.headers();
          scripts.push({
            url: res.url(),
            encoding: headers['content-encoding'],
            cache: headers['cache-control'],
            bytes: body.length,
          });
        }),
      );
    });
    const html = await page.goto('/sign-in');
    expect(html!.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('button', { name: /Ingresar/ })).toBeVisible();
    await Promise.all(reading);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      // Files under 1 KB are not worth compressing (vite.config.ts threshold).
      if (s.bytes >= 1024) expect(s.encoding, s.url).toBe('br');
      expect(s.cache, s.url).toContain('immutable');
    }
    // The largest file (React and the framework) is the one compression matters for.
    const largest = scripts.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    expect(largest.encoding, largest.url).toBe('br');
  });

  test('the sign-in page loads no zod: search params and the form are checked without it (item 8)', async ({
    page,
  }) => {
    const bodies: Promise<{ url: string; text: string }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.text().then((text) => ({ url: res.url(), text })));
    });
    await page.goto('/sign-in?redirect=%2Fpopulation%2Fserved%2Flist%3Fpage%3D2');
    await expect(page.getByRole('button', { name: /Ingresar/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // zod's error class name survives minification; it was in the first load through the route tree's list contracts.
    for (const { url, text } of await Promise.all(bodies)) expect(text, url).not.toContain('ZodError');
  });

  test('the HTML holds a loading state that needs no script, on both pages', async ({ request }) => {
    for (const path of ['/sign-in', '/dashboard']) {
      const res = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers()['content-encoding'], path).toBe('gzip');
      const html = await res.text();
      expect(html, path).toMatch(/<div id="root">\s*<div class="boot" data-boot/);
      expect(html, path).toContain('.boot-spin');
    }
  });

  test('a screen whose code cannot be fetched offers to reload the page', async ({ page }) => {
    await login(page);
    // The users list's own code: refused as a dropped connection would.
    await page.route(/\/assets\/users-list-page-[^/]+\.js$/, (route) => route.abort('connectionfailed'));
    await page.goto('/configuration/users/list');
    await expect(page.getByRole('alert')).toContainText(esCommon.messages.chunkTitle);
    await expect(page.getByRole('alert')).toContainText(esCommon.messages.chunkBody);
    await page.unroute(/\/assets\/users-list-page-[^/]+\.js$/);
    await page.getByRole('button', { name: esCommon.actions.reload }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
