import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ADMIN, failOnPageErrors, login } from './fixtures';
import esAuth from '../apps/web/src/locales/es/auth.json' with { type: 'json' };
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };

/**
 * The sign-in page is its own page (apps/web/sign-in.html, issue 11 item 8):
 * light enough for a rural link, and it still behaves as the app's did. It
 * returns to the page asked for (same-site only), sends a signed-in user on,
 * and every way out of the app (the guard, sign-out) reaches it.
 */
test.describe('sign-in page', () => {
  failOnPageErrors();

  async function signIn(page: import('@playwright/test').Page) {
    await page.getByLabel(esAuth.signIn.username).fill(ADMIN.username);
    await page.getByLabel(esAuth.signIn.password, { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: esAuth.signIn.submit }).click();
  }

  test('its scripts stay under 150 KB at gzip -9, without the router or TanStack Query', async ({ page }) => {
    const bodies: Promise<{ url: string; body: Buffer }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body().then((body) => ({ url: res.url(), body })));
    });
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: esAuth.signIn.submit })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(bodies);
    const gzipped = scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0);
    expect(gzipped / 1024, scripts.map((s) => s.url).join('\n')).toBeLessThan(150);
    // Names that survive minification: the router's not-found check and TanStack Query's missing-client message.
    for (const { url, body } of scripts) {
      expect(body.toString(), url).not.toContain('isNotFound');
      expect(body.toString(), url).not.toContain('No QueryClient set');
    }
  });

  test('a signed-out visit to a page signs in, then returns to it', async ({ page }) => {
    await page.goto('/population/served/list?page=2');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fpopulation%2Fserved%2Flist%3Fpage%3D2$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/population\/served\/list\?page=2$/);
  });

  test('an outside address in redirect leads to the dashboard, not away', async ({ page }) => {
    await page.goto('/sign-in?redirect=%2F%2Fexample.org%2Fx');
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a signed-in user opening it is sent on; signing out comes back to it', async ({ page }) => {
    await login(page);
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: esCommon.menu.userMenuOf.split('{{name}}')[1]! }).click();
    await page.getByRole('menuitem', { name: esCommon.menu.signOut }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('button', { name: esAuth.signIn.submit })).toBeVisible();
    // Signed out for the server too: the app sends the visit back here.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdashboard$/);
  });
});
