import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { adminApi, failOnPageErrors, login, RUN } from './fixtures';
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

  test("a row action's tooltip loads when first pointed at, and a focused one keeps the focus", async ({
    page,
    request,
  }) => {
    // Two users besides whoever else the run made, so the list has two rows of edit icons.
    const api = await adminApi(request);
    for (const n of [1, 2])
      await api('post', '/api/users', {
        username: `tip${n}-${RUN}`,
        password: 'Tooltip-E2E-2026!',
        fullName: `Tooltip ${n} ${RUN}`,
        email: `tip${n}-${RUN}@example.org`,
        roleId: null,
        active: true,
        extraPermissions: [],
      });
    await login(page);
    await page.goto('/configuration/users/list');
    const edits = page.getByRole('link', { name: new RegExp(`^${esCommon.actions.edit} `) });
    await expect(edits.first()).toBeVisible({ timeout: 30_000 });
    const tip = page.getByText(esCommon.actions.edit, { exact: true });
    await expect(tip).toHaveCount(0);
    // Pointed at: Mantine's Tooltip loads and shows; it goes when the pointer leaves.
    await edits.first().hover();
    await expect(tip).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(tip).toBeHidden();
    // Focused (a keyboard user): the icon is drawn again inside its Tooltip and keeps the focus; no tooltip is left open.
    await edits.nth(1).focus();
    await expect(edits.nth(1)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(edits.nth(1)).not.toBeFocused();
    await expect(tip).toBeHidden();
  });
});
