import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, failOnPageErrors, login } from './fixtures';
import esPop from '../apps/web/src/locales/es/population.json' with { type: 'json' };
import esNotifications from '../apps/web/src/locales/es/notifications.json' with { type: 'json' };
import esSupport from '../apps/web/src/locales/es/support.json' with { type: 'json' };

/**
 * Issue 11 item 2: the screens staff use most, checked by axe-core against
 * WCAG 2.1 A/AA and axe's best practices, in the light and dark schemes. A
 * critical or serious violation fails the test, and so does any violation of
 * the rules the issue names: text contrast (4.5:1), the accessible name of a
 * control containing its visible text, one h1 and headings in order, content
 * inside landmarks.
 */
const NAMED_RULES = [
  'color-contrast',
  'label-content-name-mismatch',
  'page-has-heading-one',
  'heading-order',
  'landmark-one-main',
  'region',
];

/** The violations that fail a page: critical or serious ones, and any of NAMED_RULES. */
async function violations(page: Page) {
  // Data-driven parts (charts, tables, badges) are what most often fail contrast: wait for them.
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || NAMED_RULES.includes(v.id))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`,
    );
}

/** One h1 on the page (axe only checks there is at least one). */
async function expectOneH1(page: Page) {
  await expect.soft(page.locator('h1')).toHaveCount(1);
}

const SCHEMES = ['light', 'dark'] as const;

test.describe('accessibility', () => {
  failOnPageErrors();

  for (const scheme of SCHEMES) {
    test.describe(scheme, () => {
      test.use({ colorScheme: scheme });
      test.beforeEach(async ({ page }) => {
        // The app follows the stored choice first, then the system's (Mantine 'auto').
        await page.addInitScript((s) => localStorage.setItem('amparo.color-scheme', s), scheme);
      });

      test('sign-in page', async ({ page }) => {
        // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
        test.slow();
        await page.goto('/sign-in');
        await expect(page.getByRole('button', { name: /Ingresar/ })).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page)).toEqual([]);
      });

      test('dashboard, person list, person form, person file and document form', async ({ page }) => {
        // Five pages, each waited for and analysed: a slow shared machine needs more than the default minute.
        test.setTimeout(180_000);
        await login(page);
        await expect(page.getByRole('main')).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page), 'dashboard').toEqual([]);

        await page.goto('/population/served/list');
        await expect(page.getByRole('table')).toBeVisible();
        await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page), 'person list').toEqual([]);

        await page.goto('/population/served/add');
        await expect(page.getByRole('textbox').first()).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page), 'person form').toEqual([]);

        await page.goto('/population/served/list');
        await page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
        await expect(page).toHaveURL(/\/population\/served\/[0-9a-f-]{36}$/);
        await expect(page.getByRole('tab', { name: esPop.detail.tab_links })).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page), 'person file').toEqual([]);

        await page.goto('/documentation/add');
        await expect(page.getByRole('textbox').first()).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page), 'document form').toEqual([]);
      });

      test('notifications page and working calendar (issue 12)', async ({ page }) => {
        test.setTimeout(120_000);
        await login(page);
        await page.goto('/notifications');
        await expect(page.getByRole('heading', { name: esNotifications.email.title })).toBeVisible();
        await expect(
          page.getByRole('combobox', { name: esNotifications.kindNames.population.access_requested }),
        ).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page), 'notifications').toEqual([]);

        await page.goto('/configuration/working-calendar');
        await expect(page.getByRole('table').last().getByRole('row').nth(1)).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page), 'working calendar').toEqual([]);
      });

      test('support tickets list, ticket page and board (issue 12)', async ({ page, request }) => {
        test.setTimeout(180_000);
        // A ticket of the admin's own, with a comment, so every part of the pages is drawn.
        const api = await adminApi(request);
        const [hq] = (await api('post', '/api/catalog/headquarter', { lang: 'es' })) as { value: string }[];
        const ticket = (await api('post', '/api/support/tickets', {
          type: 'SOFTWARE',
          priority: 'media',
          criticality: 'baja',
          headquarterId: hq!.value,
          subject: 'Contabilidad no abre',
          description: `El programa de contabilidad no abre (accesibilidad, ${scheme})`,
        })) as { id: string; number: string };
        await api('post', `/api/support/tickets/${ticket.id}/comments`, { body: 'Lo revisamos hoy', internal: true });

        await login(page);
        await page.goto('/support/tickets/list?scope=queue');
        await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page), 'support list').toEqual([]);

        await page.goto(`/support/tickets/${ticket.id}`);
        await expect(page.getByRole('heading', { level: 1, name: ticket.number })).toBeVisible();
        await expect(page.getByRole('heading', { name: esSupport.view.comments })).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page), 'support ticket').toEqual([]);

        await page.goto('/support/board');
        await expect(
          page.getByTestId('board-column-generado').locator(`[data-ticket="${ticket.number}"]`),
        ).toBeVisible();
        await expect(page.getByText(esSupport.dashboard.openByStatus)).toBeVisible();
        await expectOneH1(page);
        expect.soft(await violations(page), 'support board').toEqual([]);
      });
    });
  }
});
