import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, login } from './fixtures';
import screens from './screens.json' with { type: 'json' };
import { EARLY_ROUTES } from '../apps/web/src/boot/early';
import esPop from '../apps/web/src/locales/es/population.json' with { type: 'json' };

/**
 * A signed-in page's first load (issue 24 section 4, decision 0023 amended): the first stylesheet holds what the
 * shell and the lists draw, the rest of Mantine's styles follow once the first page has drawn, and the inline boot
 * script asks the first page's answers before any module runs. The lists come from the router's screens and the
 * early routes from src/boot/early.ts, so a new list is checked without a hand list.
 */
const LISTS = (screens as string[]).filter((path) => path.endsWith('/list'));
/** The second stylesheet's file (src/shared/styles/rest.ts), as the build names it. */
const REST_STYLES = /\/assets\/rest-[\w-]+\.css$/;

/** Mantine's component classes (`m_…`) drawn in the page that no loaded stylesheet has a rule for. */
function unstyledMantineClasses(page: Page) {
  return page.evaluate(() => {
    const defined = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule)
          for (const m of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) defined.add(m[1]!);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) {
      // A stylesheet that failed to load (the rest, held back) has no rules to read.
      let rules: CSSRuleList | null = null;
      try {
        rules = sheet.cssRules;
      } catch {
        continue;
      }
      walk(rules);
    }
    const drawn = new Set([...document.querySelectorAll('*')].flatMap((e) => [...e.classList]));
    return [...drawn].filter((c) => /^m_[0-9a-f]+$/.test(c) && !defined.has(c));
  });
}

test.describe('first load of a signed-in page', () => {
  failOnPageErrors();

  test('every list draws styled with the first stylesheet alone, on a phone and a laptop', async ({ page }) => {
    test.slow();
    await login(page);
    // The rest of the styles never arrives: whatever a list draws at first must be in the first stylesheet.
    await page.route(REST_STYLES, (route) => route.abort());
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      for (const path of LISTS) {
        await page.goto(path);
        await expect(page.locator('[data-boot]')).toHaveCount(0, { timeout: 30_000 });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await unstyledMantineClasses(page), `${path} at ${viewport.width}px`).toEqual([]);
      }
    }
  });

  test('any other page draws only once the rest of the styles is in, and the rest follows a list', async ({ page }) => {
    await login(page);
    // The rest arrives late: the form must not draw before it (shared/lib/route-roots.ts).
    await page.route(REST_STYLES, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto('/population/served/add');
    await expect(page.getByRole('heading', { level: 1, name: esPop.form.title_add })).toBeVisible({ timeout: 30_000 });
    const restLoaded = () =>
      page.evaluate(() => [...document.styleSheets].some((s) => /\/assets\/rest-[\w-]+\.css$/.test(s.href ?? '')));
    expect(await restLoaded()).toBe(true);
    expect(await unstyledMantineClasses(page)).toEqual([]);
    // A list opened first gets the rest once it has drawn, for the selects and menus it opens later.
    await page.goto('/population/served/list');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await expect.poll(restLoaded, { timeout: 15_000 }).toBe(true);
  });

  test('an empty list replaces its loading rows without moving what is drawn', async ({ page }) => {
    await login(page);
    // A laptop narrower than Mantine's xl: the lists' secondary columns (visibleFrom xl) are hidden.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Lists that answer nothing: a year without lines, a search without matches.
    for (const path of ['/budget/planning/list?year=2091', '/support/tickets/list?q=qqzzqqzzqq']) {
      await page.goto(path);
      await expect(page.locator('[data-boot]')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
      expect(shift, path).toBeLessThan(0.01);
    }
  });

  for (const route of EARLY_ROUTES)
    test(`${route.path}: the boot script asks every first answer once, the page takes each and draws its rows at once`, async ({
      page,
    }) => {
      await login(page);
      // A phone's link (1.6 Mbit/s): the page's code comes after its small answers, as on a first visit, when the
      // page waits for them (shared/lib/first-load.ts; on a repeat visit the code is there at once and it does not).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: 200_000,
        uploadThroughput: 100_000,
      });
      // Every loading row (DataTable's aria-hidden skeleton rows) the page ever inserts, counted as it is inserted.
      await page.addInitScript(() => {
        const w = window as unknown as { __loadingRows: number };
        w.__loadingRows = 0;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              if (node instanceof Element)
                w.__loadingRows += node.matches('tbody tr[aria-hidden]')
                  ? 1
                  : node.querySelectorAll('tbody tr[aria-hidden]').length;
        }).observe(document, { childList: true, subtree: true });
      });
      // The dashboard sign-in lands on asks for its own first answers (the unread count among them): on a busy
      // machine some were still being sent once the count below began. A blank page first ends them.
      await page.goto('about:blank');
      const asked = new Map<string, number>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!url.pathname.startsWith('/api/')) return;
        const key = `${request.method()} ${url.pathname}${url.search} ${request.postData() ?? ''}`;
        asked.set(key, (asked.get(key) ?? 0) + 1);
      });
      await page.goto(route.path);
      await expect(page.locator('[data-boot]')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      // Every early answer was taken by the page's own request for it (none left waiting in memory)...
      expect(await page.evaluate(() => window.__amparoEarly?.pending())).toEqual([]);
      // ...so the server was asked for each once: the page sent none of them again.
      expect([...asked].filter(([, count]) => count > 1)).toEqual([]);
      // The route's loader put the answers in the cache before the page's first render (shared/lib/first-load.ts):
      // the rows are drawn once, never after a set of loading rows.
      expect(await page.evaluate(() => (window as unknown as { __loadingRows: number }).__loadingRows)).toBe(0);
      // The page's code was among the boot script's preloads (src/boot/early.ts, build/early-boot.ts).
      const preloaded = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname),
      );
      const pageModule = route.page
        .split('/')
        .pop()!
        .replace(/\.tsx$/, '');
      expect(preloaded.some((file) => file.startsWith(`/assets/${pageModule}-`))).toBe(true);
    });
});
