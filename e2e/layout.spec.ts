import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { ARTIFACTS, adminApi, failOnPageErrors, login } from './fixtures';
import { cutText, expectTablesWhole, sidewaysOverflow, TABLE_SCROLL } from './layout-checks';
import { seedLists } from './layout-data';
import { seedFile } from './layout-file-data';
import enPopulation from '../apps/web/src/locales/en/population.json' with { type: 'json' };
import esPopulation from '../apps/web/src/locales/es/population.json' with { type: 'json' };
import esBudget from '../apps/web/src/locales/es/budget.json' with { type: 'json' };
import esSupport from '../apps/web/src/locales/es/support.json' with { type: 'json' };
import screens from './screens.json' with { type: 'json' };

/**
 * Issue 11 item 4: the person list and a person's file fit a 1366×768 laptop
 * and a 1920×1080 screen in both languages: the table needs no sideways
 * scroll, file codes and status badges are never cut or wrapped, and the
 * file's tabs stay on one line. Screenshots of each are kept in e2e/artifacts.
 */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
const LANGUAGES = ['es', 'en'] as const;

/**
 * The rows whose file code or status badge is not shown whole (cut by an
 * ellipsis or wrapped onto a second line), checked in the page in one call.
 */
async function cutCells(table: Locator) {
  return table.evaluate((t) => {
    const whole = (el: HTMLElement) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      // One box a line of text; an inline link has no scroll width of its own, a cut badge label does.
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return lines.size === 1 && el.scrollWidth <= el.clientWidth + 1;
    };
    const out: string[] = [];
    t.querySelectorAll('tbody tr').forEach((tr, i) => {
      const code = tr.querySelector<HTMLElement>('td:first-child a');
      const status = tr.querySelector<HTMLElement>('td:last-child .mantine-Badge-label');
      if (!code || !whole(code)) out.push(`file code of row ${i}`);
      if (!status || !whole(status)) out.push(`status of row ${i}`);
    });
    return out;
  });
}

/**
 * The list screens: every screen of the router (e2e/screens.json, kept equal to the router by
 * apps/web/src/app/screens.test.ts) whose path ends in /list, and the catalogs, a list under another name.
 */
const LISTS = [...screens.filter((path) => path.endsWith('/list')), '/configuration/catalogs'];

/** The tabs of a person's file that hold a table (their key under population.json's 'detail'), and a text they show. */
const FILE_TABS = [
  ['tab_periods', 'Reingreso:'],
  ['tab_consents', 'Consentimiento:'],
  ['tab_links', 'Vínculo:'],
  ['tab_perpetrators', 'Presunto agresor:'],
  ['tab_attentions', 'Sesión de acogida:'],
  ['tab_activities', 'Taller de crianza positiva'],
  ['tab_documents', 'Informe psicológico inicial'],
  ['tab_access', 'Acceso:'],
  ['tab_history', 'Acceso:'],
] as const;

test.describe('layout', () => {
  failOnPageErrors();

  for (const lang of LANGUAGES) {
    for (const size of SIZES) {
      test(`person list and file at ${size.width}×${size.height}, ${lang}`, async ({ page }) => {
        test.setTimeout(120_000);
        await page.setViewportSize(size);
        await login(page);
        // The language is read when the app loads: stored now, it holds from the next page on.
        await page.evaluate((l) => localStorage.setItem('amparo.lang', l), lang);

        await page.goto('/population/served/list');
        const table = page.getByRole('table');
        // The first list after sign-in loads its chunks too: a loaded machine needs more than the default.
        await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(ARTIFACTS, `layout-list-${lang}-${size.width}.png`) });

        // Wider than its scroll container means the table scrolls sideways.
        const overflow = await table.evaluate(
          (t, scroll) => t.getBoundingClientRect().width - t.closest(scroll)!.getBoundingClientRect().width,
          TABLE_SCROLL,
        );
        expect(overflow, 'the table scrolls sideways').toBeLessThanOrEqual(1);
        const rows = table.locator('tbody tr');
        expect(await rows.count()).toBeGreaterThan(5);
        expect(await cutCells(table)).toEqual([]);

        await rows.first().getByRole('link').click();
        await expect(page).toHaveURL(/\/population\/served\/[0-9a-f-]{36}$/);
        const tabs = page.getByRole('tab');
        await expect(tabs.last()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(ARTIFACTS, `layout-file-${lang}-${size.width}.png`) });
        const tops = await tabs.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
        expect(new Set(tops).size, 'the tabs wrap onto a second line').toBe(1);
        const list = page.getByRole('tablist');
        expect(
          await list.evaluate((l) => l.scrollWidth - l.clientWidth),
          'the tabs need scrolling at this size',
        ).toBeLessThanOrEqual(1);
      });
    }
  }
  // Issue 24 section 6 item 3: the ticket queue and the support board at both sizes.
  for (const size of SIZES) {
    test(`ticket queue and support board at ${size.width}×${size.height}`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const api = await adminApi(request);
      const [hq] = (await api('post', '/api/catalog/headquarter', { lang: 'es' })) as { value: string }[];
      await api('post', '/api/support/tickets', {
        type: 'SOFTWARE',
        priority: 'media',
        criticality: 'baja',
        headquarterId: hq!.value,
        subject: 'La impresora no imprime',
        description: `La impresora de la sede no imprime (disposición ${size.width})`,
      });
      await page.setViewportSize(size);
      await login(page);

      // The queue: no sideways scroll; «Plazo» inside the window; «Creado» whole on one line.
      await page.goto('/support/tickets/list?scope=queue');
      const table = page.getByRole('table');
      await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(ARTIFACTS, `layout-tickets-${size.width}.png`) });
      const overflow = await table.evaluate(
        (t, scroll) => t.getBoundingClientRect().width - t.closest(scroll)!.getBoundingClientRect().width,
        TABLE_SCROLL,
      );
      expect(overflow, 'the queue scrolls sideways').toBeLessThanOrEqual(1);
      await expect(table.getByRole('columnheader', { name: esSupport.fields.slaLeft })).toBeInViewport({ ratio: 1 });
      const created = await table.evaluate((t) => {
        const cells = [...t.querySelectorAll('thead th')];
        const at = cells.findIndex((c) => c.textContent?.trim().startsWith('Creado'));
        return [...t.querySelectorAll('tbody tr')].map((tr) => {
          const cell = tr.children[at] as HTMLElement;
          const range = document.createRange();
          range.selectNodeContents(cell);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          return lines.size === 1 && cell.scrollWidth <= cell.clientWidth + 1;
        });
      });
      expect(created.length).toBeGreaterThan(0);
      expect(created.every(Boolean), '«Creado» cut or wrapped').toBe(true);

      // The board: the open columns (generado → resuelto) and the folded closed ones fit; unfolding shows them.
      await page.goto('/support/board');
      const board = page.getByTestId('board');
      await expect(board.getByTestId('board-column-generado')).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(ARTIFACTS, `layout-board-${size.width}.png`) });
      expect(
        await board.evaluate((b) => b.scrollWidth - b.clientWidth),
        'the board scrolls sideways',
      ).toBeLessThanOrEqual(1);
      // Side by side within the window's width (the columns may run below the fold).
      const right = async (testId: string) => {
        const box = (await board.getByTestId(testId).boundingBox())!;
        return box.x + box.width;
      };
      for (const status of ['generado', 'asignado', 'curso', 'pendiente', 'resuelto'])
        expect(await right(`board-column-${status}`), status).toBeLessThanOrEqual(size.width);
      const closed = board.getByTestId('board-closed');
      expect(await right('board-closed'), 'closed').toBeLessThanOrEqual(size.width);
      await expect(board.getByTestId('board-column-finalizado')).toBeHidden();
      await closed.getByRole('button', { name: new RegExp(esSupport.board.closed) }).click();
      await expect(board.getByTestId('board-column-finalizado')).toBeVisible();
      await expect(board.getByTestId('board-column-rechazado')).toBeVisible();
    });
  }

  // Issue 24 section 6 item 3: every list of the router, and a line's month table, at both sizes.
  for (const size of SIZES) {
    test(`every list and the assignment page at ${size.width}×${size.height}`, async ({ page, request }) => {
      // Some twelve pages on a machine other work shares.
      test.setTimeout(300_000);
      const { line } = await seedLists(request, `L${size.width}`);
      await page.setViewportSize(size);
      await login(page);

      for (const path of LISTS) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.locator('table tbody tr').first()).toBeVisible({ timeout: 30_000 });
          // Skeleton rows gone: the rows are the list's own.
          await expect(page.locator('table tbody [class*="skeleton"]')).toHaveCount(0, { timeout: 30_000 });
          await page.waitForLoadState('networkidle');
          const name = path.replace(/^\//, '').replace(/\//g, '-');
          await page.screenshot({ path: join(ARTIFACTS, `layout-${name}-${size.width}.png`), fullPage: true });
          expect.soft(await sidewaysOverflow(page), `${path} scrolls sideways`).toEqual([]);
          expect.soft(await cutText(page), `${path} cuts text with an ellipsis`).toEqual([]);
        });
      }

      await test.step('assignment', async () => {
        await page.goto(`/budget/assignment/${line.id}`);
        const matrix = page.getByRole('table', { name: esBudget.assignment.matrix.label });
        await expect(matrix.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(ARTIFACTS, `layout-assignment-${size.width}.png`), fullPage: true });
        expect.soft(await sidewaysOverflow(page), 'the assignment page scrolls sideways').toEqual([]);
        expect.soft(await cutText(page), 'the assignment page cuts text').toEqual([]);
        // Every amount whole on one line ('Q 12,345.50'), none spilling out of its cell.
        const broken = await matrix.locator('tbody td').evaluateAll((cells) =>
          cells
            .filter((c) => {
              const range = document.createRange();
              range.selectNodeContents(c);
              const lines = new Set(
                [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
              );
              return lines.size > 1 || c.scrollWidth > c.clientWidth + 1;
            })
            .map((c) => c.textContent),
        );
        expect.soft(broken, 'amounts cut or wrapped').toEqual([]);
        await expect(matrix).toContainText('Q 12,345.50');
        await expect(matrix).toContainText('Q 148,146.00');
      });
    });
  }
  // Issue 24 section 6 item 3: the tables inside a person's file, an activity's participants and the security
  // log, each with long free text (a 200-character note, a word of some 100 letters), at both sizes and languages.
  for (const lang of LANGUAGES) {
    for (const size of SIZES) {
      test(`a person's file, an activity and the security log at ${size.width}×${size.height}, ${lang}`, async ({
        page,
        request,
        playwright,
        baseURL,
      }) => {
        test.setTimeout(300_000);
        const data = await seedFile(request, `F${size.width}${lang}`);
        // The reader opens a configuration screen's API: a 'forbidden' entry with a long user name in the log.
        const reader = await playwright.request.newContext({ baseURL });
        const signIn = await reader.post('/api/login', { data: data.reader });
        expect(signIn.ok(), await signIn.text()).toBe(true);
        expect((await reader.get('/api/users')).status()).toBe(403);
        await reader.dispose();

        await page.setViewportSize(size);
        await login(page);
        await page.evaluate((l) => localStorage.setItem('amparo.lang', l), lang);
        const { detail } = lang === 'es' ? esPopulation : enPopulation;
        await page.goto(`/population/served/${data.person}`);
        for (const [tab, seeded] of FILE_TABS) {
          await test.step(tab, async () => {
            await page.getByRole('tab', { name: detail[tab], exact: true }).click();
            const rows = page.getByRole('tabpanel').locator('table tbody tr');
            await expect(rows.filter({ hasText: seeded }).first()).toBeVisible({ timeout: 30_000 });
            await page.waitForLoadState('networkidle');
            await page.screenshot({ path: join(ARTIFACTS, `layout-${tab}-${lang}-${size.width}.png`), fullPage: true });
            await expectTablesWhole(page, tab);
          });
        }
        await test.step('the history reads a consent in words', async () => {
          // The consent's entry: the consents tab's labels and values, never its keys or raw ids.
          const { consents } = lang === 'es' ? esPopulation : enPopulation;
          const consent = page
            .getByRole('tabpanel')
            .locator('table tbody tr')
            .filter({ hasText: consents.kinds.data_processing });
          await expect(consent.first()).toContainText(`${consents.givenBy}: ${consents.by_guardian}`);
          await expect(consent.first()).toContainText(`${consents.document}: `);
          await expect(page.getByRole('tabpanel')).not.toContainText(
            /givenBy|guardianLinkId|documentId|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/,
          );
        });

        await test.step('activity participants', async () => {
          await page.goto(`/population/activities/view/${data.activity}`);
          await expect(page.locator('table tbody tr').filter({ hasText: 'Castañeda Hernández' })).toBeVisible({
            timeout: 30_000,
          });
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: join(ARTIFACTS, `layout-activity-${lang}-${size.width}.png`), fullPage: true });
          await expectTablesWhole(page, 'activity');
        });

        await test.step('security log', async () => {
          await page.goto('/configuration/security-log');
          await expect(page.locator('table tbody tr').filter({ hasText: data.reader.fullName }).first()).toBeVisible({
            timeout: 30_000,
          });
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: join(ARTIFACTS, `layout-security-log-${lang}-${size.width}.png`) });
          await expectTablesWhole(page, 'security log');
        });
      });
    }
  }
});
