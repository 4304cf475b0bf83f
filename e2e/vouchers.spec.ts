import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, ARTIFACTS, closeToasts, failOnPageErrors, login, RUN } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import esV from '../apps/web/src/locales/es/vouchers.json' with { type: 'json' };
import { todayInGuatemala } from '../packages/shared/src/format.ts';

/**
 * Issue 26 section 2, Configuración › Vales in the browser: the administrator adds a range of fuel coupons, finds
 * it in the list with all its vouchers available, sees a second range crossing it in the same series refused
 * beside its first number, widens the first range, then voids a lost coupon on the range's movements screen and
 * sees the movement, the counts change and the same coupon refused a second time.
 */
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);
const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: labelRe(label) });
const combobox = (scope: Page | Locator, label: string) => scope.getByRole('combobox', { name: labelRe(label) });
const fill = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), template);
/** The field `label` refused with `message` beside it (its error is what describes it). */
async function expectRefused(scope: Page | Locator, label: string, message: string) {
  const input = field(scope, label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const described = (await input.getAttribute('aria-describedby')) ?? '';
  const errors = described.split(' ').filter((id) => id.endsWith('-error'));
  expect(errors, `${label} has no error`).toHaveLength(1);
  await expect(scope.locator(`[id="${errors[0]}"]`)).toHaveText(message);
}

/** Opens a Mantine Select and clicks one of its options (the list is portalled to the page). */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  await combobox(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types a YYYY-MM-DD date into a Mantine DateInput and closes its calendar. */
async function typeDate(scope: Locator, label: string, value: string) {
  const input = field(scope, label);
  await input.fill(value);
  await input.press('Escape');
  await input.blur();
  await expect(input).toHaveValue(value);
}

/** Searches the list for this attempt's ranges; done once the term is in the URL (the box sends it 300 ms later). */
async function search(page: Page) {
  await page.getByRole('searchbox', { name: esCommon.actions.search }).fill(RUN);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${escapeRe(RUN)}`));
}

// A series of this attempt only: ranges of one series never overlap, whatever earlier runs left.
const SERIES = `E${RUN}`.toUpperCase();
const DESCRIPTION = `Cupones de combustible de la sede ${RUN}`;
const EXPIRES = `${Number(todayInGuatemala().slice(0, 4)) + 1}-06-30`;
const NAME = `${SERIES} · ${DESCRIPTION}`;

test.describe('vouchers', () => {
  failOnPageErrors();

  test('adds a range, refuses an overlapping one, edits it and voids a coupon on its movements', async ({ page }) => {
    test.slow();
    await login(page);
    await page.getByRole('link', { name: esV.title, exact: true }).click();
    await expect(page).toHaveURL(/\/configuration\/vouchers\/list$/);
    await page.getByRole('link', { name: esV.add }).click();
    await expect(page).toHaveURL(/\/configuration\/vouchers\/add$/);

    // A hundred fuel coupons, 1001 to 1100, of Q 100 each.
    const add = page.getByRole('form', { name: esV.addTitle });
    await pick(page, add, esV.fields.kind, esV.kinds.fuel);
    await field(add, esV.fields.description).fill(DESCRIPTION);
    await field(add, esV.fields.series).fill(SERIES.toLowerCase());
    await typeDate(add, esV.fields.expiresOn, EXPIRES);
    // The last number below the first is refused as soon as it is typed.
    await field(add, esV.fields.start).fill('1001');
    await field(add, esV.fields.end).fill('900');
    await field(add, esV.fields.end).blur();
    await expectRefused(add, esV.fields.end, esErrors.field.voucher_range_order);
    await field(add, esV.fields.end).fill('1100');
    await expect(field(add, esV.fields.end)).not.toHaveAttribute('aria-invalid', 'true');
    await field(add, esV.fields.faceValue).fill('100');
    await page.screenshot({ path: join(ARTIFACTS, 'vouchers-add.png'), fullPage: true });
    await add.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/configuration\/vouchers\/list$/);

    // Found by a word of its description, with every coupon available.
    await search(page);
    const table = page.getByRole('table', { name: esV.title });
    const row = table.getByRole('row', { name: new RegExp(escapeRe(DESCRIPTION)) });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    // The series as the contract keeps it: upper case.
    await expect(row).toContainText(SERIES);
    await expect(row).toContainText(fill(esV.rangeOf, { start: 1001, end: 1100 }));
    await expect(row).toContainText(fill(esV.countOf, { available: 100, total: 100 }));
    await expect(row).toContainText(EXPIRES);
    await expect(row).toContainText('Q 100.00');
    await expect(row).toContainText(esV.states.valid);

    // A second range crossing it in the same series is refused beside its first number.
    await page.goto('/configuration/vouchers/add');
    const again = page.getByRole('form', { name: esV.addTitle });
    await pick(page, again, esV.fields.kind, esV.kinds.fuel);
    await field(again, esV.fields.description).fill(`Segundo talonario ${RUN}`);
    await field(again, esV.fields.series).fill(SERIES);
    await typeDate(again, esV.fields.expiresOn, EXPIRES);
    await field(again, esV.fields.start).fill('1050');
    await field(again, esV.fields.end).fill('1200');
    await again.getByRole('button', { name: esCommon.actions.save }).click();
    await expectRefused(
      again,
      esV.fields.start,
      fill(esErrors.field.voucher_range_overlap, { series: SERIES, start: 1001, end: 1100 }),
    );
    await expect(page).toHaveURL(/\/configuration\/vouchers\/add$/);
    await closeToasts(page);

    // Widened to 1120 while no coupon was issued.
    await page.goto(`/configuration/vouchers/list?q=${RUN}`);
    await row.getByRole('link', { name: DESCRIPTION, exact: true }).click();
    await expect(page).toHaveURL(/\/configuration\/vouchers\/edit\/[0-9a-f-]{36}$/);
    const edit = page.getByRole('form', { name: fill(esV.editTitle, { name: NAME }) });
    await expect(field(edit, esV.fields.series)).toHaveValue(SERIES);
    await expect(field(edit, esV.fields.start)).toBeEnabled();
    await field(edit, esV.fields.end).fill('1120');
    await edit.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/configuration\/vouchers\/list/);
    await search(page);
    await expect(row).toContainText(fill(esV.countOf, { available: 120, total: 120 }));

    // Coupon 1010 was lost: voided on the range's movements, with the reason.
    // Pointed at first: the icon's tooltip loads and draws the link again (a click meanwhile may be lost).
    const toMovements = row.getByRole('link', { name: fill(esV.movementsOf, { name: NAME }) });
    await toMovements.hover();
    await expect(page.getByRole('tooltip', { name: esV.movements.title })).toBeVisible();
    await toMovements.click();
    await expect(page).toHaveURL(/\/configuration\/vouchers\/[0-9a-f-]{36}\/movements$/);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    const movements = page.getByRole('table', { name: esV.movements.tableLabel });
    await expect(movements).toContainText(esV.movements.emptyNone);
    await page.getByRole('button', { name: esV.void.action }).click();
    const dialog = page.getByRole('dialog', { name: esV.void.title });
    await field(dialog, esV.void.number).fill('1010');
    await field(dialog, esV.void.reason).fill('Extraviado en la ruta a Totonicapán');
    await dialog.getByRole('button', { name: esV.void.submit }).click();
    await expect(dialog).toBeHidden();
    const voided = movements.getByRole('row', { name: /1010/ });
    await expect(voided).toContainText(esV.movements.kinds.voided);
    await expect(voided).toContainText('Extraviado en la ruta a Totonicapán');
    await expect(
      page.getByText(esV.fields.voided, { exact: true }).locator('xpath=following-sibling::*[1]'),
    ).toHaveText('1');
    await expect(
      page.getByText(esV.fields.available, { exact: true }).locator('xpath=following-sibling::*[1]'),
    ).toHaveText('119');
    await page.screenshot({ path: join(ARTIFACTS, 'vouchers-movements.png'), fullPage: true });

    // The same coupon again is refused beside the number: it is no longer available.
    await closeToasts(page);
    await page.getByRole('button', { name: esV.void.action }).click();
    await field(dialog, esV.void.number).fill('1010');
    await field(dialog, esV.void.reason).fill('Otra vez');
    await dialog.getByRole('button', { name: esV.void.submit }).click();
    await expectRefused(
      dialog,
      esV.void.number,
      fill(esErrors.field.voucher_not_available, { number: 1010, status: esV.statuses.voided }),
    );
    await dialog.getByRole('button', { name: esCommon.actions.cancel }).click();

    // The list counts it too.
    await page.getByRole('link', { name: esV.movements.back }).click();
    await expect(page).toHaveURL(/\/configuration\/vouchers\/list/);
    await search(page);
    await expect(row).toContainText(fill(esV.countOf, { available: 119, total: 120 }));
    await page.screenshot({ path: join(ARTIFACTS, 'vouchers-list.png') });

    // With a coupon voided, the range keeps its series and numbers: the form shows them, not to be changed.
    await row.getByRole('link', { name: DESCRIPTION, exact: true }).click();
    await expect(edit.getByText(esV.numbersLocked)).toBeVisible();
    await expect(field(edit, esV.fields.series)).toBeDisabled();
    await expect(field(edit, esV.fields.start)).toBeDisabled();
    await expect(field(edit, esV.fields.end)).toBeDisabled();
  });
  test('flags a range about to expire with vouchers left, and finds it by the state filter', async ({
    page,
    request,
  }) => {
    // Petty-cash vouchers expiring in ten days: within the 30 warning days of `voucher_expiry_warning_days`.
    const api = await adminApi(request);
    const inTenDays = new Date(Date.parse(`${todayInGuatemala()}T12:00:00Z`) + 10 * 86_400_000).toISOString();
    const description = `Vales de caja chica por vencer ${RUN}`;
    await api('post', '/api/vouchers', {
      kind: 'petty_cash',
      series: `P${RUN}`.toUpperCase(),
      description,
      start: 1,
      end: 50,
      expiresOn: inTenDays.slice(0, 10),
    });
    await login(page);
    await page.goto('/configuration/vouchers/list');
    const filters = page.locator('main');
    await pick(page, filters, esV.fields.state, esV.states.expiring);
    await expect(page).toHaveURL(/[?&]state=expiring/);
    await search(page);
    const table = page.getByRole('table', { name: esV.title });
    const row = table.getByRole('row', { name: new RegExp(escapeRe(description)) });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(row.locator('.mantine-Badge-root')).toHaveText(esV.states.expiring);
    await expect(row).toContainText(esV.kinds.petty_cash);
    await expect(row).toContainText(fill(esV.countOf, { available: 50, total: 50 }));
    await page.screenshot({ path: join(ARTIFACTS, 'vouchers-expiring.png') });
  });
});
