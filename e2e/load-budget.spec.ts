import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { failOnPageErrors, login } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esPop from '../apps/web/src/locales/es/population.json' with { type: 'json' };

/**
 * The signed-in lists' load budget (issue 24 section 4, decision 0023): each list's first load fetches about ten
 * script files, not the 72 it fetched when every small shared module was a file of its own with its own
 * modulepreload link. (The sign-in page's 150 KB budget is in sign-in.spec.ts.)
 */
const LISTS = ['/population/served/list', '/support/tickets/list', '/budget/planning/list'];
const MAX_SCRIPT_FILES = 16;
/** The route's JavaScript at gzip -9, in KiB as `npm run bench:web` counts it (issue 24 section 4: under 220 KB). */
const MAX_SCRIPT_KIB = 220;
/** Mantine's floating parts (Popover, Combobox, Menu, floating-ui): loaded when a select or menu is first used. */
const FLOATING = '@mantine/core/Popover';

test.describe('load budget of the lists', () => {
  failOnPageErrors();

  for (const path of LISTS)
    test(`${path} loads at most ${MAX_SCRIPT_FILES} script files and ${MAX_SCRIPT_KIB} KiB, none of them zod or Mantine's floating parts`, async ({
      page,
    }) => {
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
      const gzipKib = scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0) / 1024;
      test
        .info()
        .annotations.push({ type: 'scripts', description: `${urls.length} files, ${gzipKib.toFixed(1)} KiB gzip -9` });
      expect(urls.length, urls.join('\n')).toBeLessThanOrEqual(MAX_SCRIPT_FILES);
      expect(gzipKib, urls.join('\n')).toBeLessThan(MAX_SCRIPT_KIB);
      // The selects and the user menu draw stand-ins until first used (shared/ui/lazy-select, app/user-menu.tsx).
      expect(scripts.filter((s) => s.body.includes(FLOATING)).map((s) => s.url)).toEqual([]);
      // Each list reads its URL without zod (url-fields.ts): zod and the contracts' schemas stay out of its first load.
      expect(scripts.filter((s) => s.body.includes('$ZodObject')).map((s) => s.url)).toEqual([]);
    });

  test('a list filter and the user menu work from their stand-ins', async ({ page }) => {
    await login(page);
    await page.goto('/population/served/list');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    // Pressed before Mantine's Select has loaded: it loads, opens, and the choice filters the list.
    const status = page.getByRole('combobox', { name: esPop.filters.status, exact: true });
    await expect(status).toHaveValue(esPop.status.all);
    await status.click();
    await page.getByRole('option', { name: esPop.status.departed, exact: true }).click();
    await expect(page).toHaveURL(/status=departed/);
    await expect(status).toHaveValue(esPop.status.departed);
    // Typed into a searchable filter before its Select loads: the text reaches the Select's search.
    const sex = page.getByRole('combobox', { name: esPop.filters.sex, exact: true });
    await sex.fill('zzz');
    await expect(page.getByText(esPop.common.nothing_found)).toBeVisible();
    await page.keyboard.press('Escape');
    // The user menu opens on its first press.
    await page.getByRole('button', { name: esCommon.menu.userMenuOf.split('{{name}}')[1]! }).click();
    await expect(page.getByRole('menuitem', { name: esCommon.menu.signOut })).toBeVisible();
  });
});
