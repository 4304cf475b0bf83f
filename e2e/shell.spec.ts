import { expect, test } from '@playwright/test';
import { failOnPageErrors, login } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import { SCROLL_TOP_OFFSET_PX } from '../apps/web/src/shared/lib/ui-constants.ts';

/**
 * Spec section 9 in the browser: the signed-in shell's scroll-to-top button (shown past 200 px, back to the
 * top in 600 ms) and the age-of-item filter kept in a list's URL.
 */
test.describe('Shell constants and the age-of-item filter', () => {
  failOnPageErrors();
  // A short window makes the persons list (40 demo persons) a long page.
  test.use({ viewport: { width: 1280, height: 500 } });

  test('the scroll-to-top button appears past 200 px and brings the page back to the top', async ({ page }) => {
    await login(page);
    await page.goto('/population/served/list?pageSize=100');
    // Generous: the list's code and rows may be slow on a busy machine.
    await expect(page.getByRole('row').nth(5)).toBeVisible({ timeout: 30_000 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(500 + SCROLL_TOP_OFFSET_PX + 100);

    const button = page.getByRole('button', { name: esCommon.shell.scrollTop });
    await expect(button).toBeHidden();
    // Not yet past the offset: still hidden.
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
    await expect(button).toBeHidden();

    await page.evaluate((y) => window.scrollTo(0, y), SCROLL_TOP_OFFSET_PX + 200);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3_000 }).toBe(0);
    await expect(button).toBeHidden();
  });

  test('at the end of a long form, the scroll-to-top button leaves the Save button clear', async ({ page }) => {
    await login(page);
    await page.goto('/population/served/add');
    const save = page.getByRole('button', { name: esCommon.actions.save });
    await expect(save).toBeVisible({ timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = page.getByRole('button', { name: esCommon.shell.scrollTop });
    await expect(button).toBeVisible();
    // Once the button has slid in, the two boxes do not meet (it sat over Save before the shell kept room for it).
    await expect
      .poll(async () => {
        const [a, b] = [await save.boundingBox(), await button.boundingBox()];
        if (!a || !b) return 'missing';
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        return overlap ? 'overlap' : 'clear';
      })
      .toBe('clear');
    await save.click({ trial: true });
  });

  test('the age filter of a list is kept in the URL', async ({ page }) => {
    await login(page);
    await page.goto('/population/served/list');
    await expect(page.getByLabel(esCommon.itemAge.label, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await page.getByLabel(esCommon.itemAge.label, { exact: true }).first().click();
    await page.getByRole('option', { name: esCommon.itemAge.today, exact: true }).click();
    await expect(page).toHaveURL(/age=today/);
    // The demo persons were registered today.
    await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await page.reload();
    await expect(page.getByLabel(esCommon.itemAge.label, { exact: true }).first()).toHaveValue(esCommon.itemAge.today);
    await page.getByLabel(esCommon.itemAge.label, { exact: true }).first().click();
    await page.getByRole('option', { name: esCommon.itemAge.any, exact: true }).click();
    await expect(page).not.toHaveURL(/age=/);
  });
});

test.describe('The side menu on a phone', () => {
  failOnPageErrors();
  test.use({ viewport: { width: 390, height: 844 } });

  test('is drawn only once the burger opens it, then navigates and closes; a wider window shows it at once', async ({
    page,
  }) => {
    await login(page);
    await page.goto('/population/served/list');
    const burger = page.getByRole('button', { name: esCommon.menu.toggle });
    await expect(burger).toBeVisible({ timeout: 30_000 });
    const menu = page.getByRole('navigation', { name: esCommon.menu.label });
    const ticketsLink = menu.getByRole('link', { name: esCommon.menu.supportTickets, exact: true });
    // Not drawn at all until asked for (issue 24 section 4: half of a phone's first render was this menu).
    await expect(menu.getByRole('link')).toHaveCount(0);

    await burger.click();
    await expect(ticketsLink).toBeVisible();
    await ticketsLink.click();
    await expect(page).toHaveURL(/\/support\/tickets\/list/);
    // The drawer closes on a choice, and leaves the tab order once it has slid out (hidden, so the locators above no
    // longer find it); its links stay drawn for the next time.
    await expect(ticketsLink).toBeHidden();
    const closed = page.getByRole('navigation', { name: esCommon.menu.label, includeHidden: true });
    await expect(closed.getByRole('link', { includeHidden: true }).first()).toBeAttached();
    await expect(closed).toHaveCSS('visibility', 'hidden');
    await burger.click();
    await expect(ticketsLink).toBeVisible();
    await expect(ticketsLink).toBeInViewport();
    await burger.click();
    await expect(ticketsLink).toBeHidden();

    await page.goto('/population/served/list');
    await expect(burger).toBeVisible({ timeout: 30_000 });
    await expect(menu.getByRole('link')).toHaveCount(0);
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(ticketsLink).toBeVisible();
  });
});
