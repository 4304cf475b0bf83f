import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { failOnPageErrors, login } from './fixtures';

/**
 * The signed-in lists' load budget (issue 24 section 4, decision 0023): each list's first load fetches about ten
 * script files, not the 72 it fetched when every small shared module was a file of its own with its own
 * modulepreload link. (The sign-in page's 150 KB budget is in sign-in.spec.ts.)
 */
const LISTS = ['/population/served/list', '/support/tickets/list', '/budget/planning/list'];
const MAX_SCRIPT_FILES = 16;

test.describe('load budget of the lists', () => {
  failOnPageErrors();

  for (const path of LISTS)
    test(`${path} loads at most ${MAX_SCRIPT_FILES} script files, none of them zod`, async ({ page }) => {
      await login(page);
      await page.waitForLoadState('networkidle');
      const bodies: Promise<{ url: string; body: Buffer }>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script')
          bodies.push(res.body().then((body) => ({ url: res.url(), body })));
      });
      // A fresh page load of the list, as a staff member's first visit of the day (the HTTP cache cleared).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.goto(path);
      // Drawn: the loading state is gone and the page's table is there (its rows, or the empty state).
      await expect(page.locator('[data-boot]')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const scripts = await Promise.all(bodies);
      const urls = [...new Set(scripts.map((s) => s.url))];
      const gzipKb = scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0) / 1000;
      test
        .info()
        .annotations.push({ type: 'scripts', description: `${urls.length} files, ${gzipKb.toFixed(1)} KB gzip -9` });
      expect(urls.length, urls.join('\n')).toBeLessThanOrEqual(MAX_SCRIPT_FILES);
      // Each list reads its URL without zod (url-fields.ts): zod and the contracts' schemas stay out of its first load.
      expect(scripts.filter((s) => s.body.includes('$ZodObject')).map((s) => s.url)).toEqual([]);
    });
});
