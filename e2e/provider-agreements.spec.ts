import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, ARTIFACTS, failOnPageErrors, login, RUN } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import esProv from '../apps/web/src/locales/es/providers.json' with { type: 'json' };
import { todayInGuatemala } from '../packages/shared/src/format.ts';
import { isValidNit } from '../packages/shared/src/identifiers.ts';

/**
 * Issue 26 section 1, a provider's framework agreements in the browser: the administrator opens the agreements of
 * a provider from the providers list, adds one with two items (prices in Q, IVA included) valid this whole year and
 * sees it «Vigente»; an end before the start is refused beside the end date; then changes a price and removes an
 * item, and the table and the form show the change.
 */
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);
const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: labelRe(label) });
const fill = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), template);
const { agreements: esAgr } = esProv;
const itemField = (scope: Locator, template: string, n: number) => field(scope, fill(template, { n }));

/** Types a YYYY-MM-DD date into a Mantine DateInput and closes its calendar. */
async function typeDate(scope: Locator, label: string, value: string) {
  const input = field(scope, label);
  await input.fill(value);
  await input.press('Escape');
  await input.blur();
  await expect(input).toHaveValue(value);
}

// A mark of this test's own: providers.spec.ts, in the same worker, searches the providers by RUN.
const TAG = `ag${RUN.slice(-4)}${Math.random().toString(36).slice(2, 6)}`;
const NAME = `Estación de Servicio Los Altos ${TAG}`;
const REFERENCE = `AM-${TAG}`.toUpperCase();
const YEAR = todayInGuatemala().slice(0, 4);

test.describe('provider agreements', () => {
  failOnPageErrors();

  test('adds an agreement with two items, sees it valid, refuses an end before the start and edits it', async ({
    page,
    request,
  }) => {
    test.slow();
    // A provider of this attempt: nine random digits and the check digit that makes them a valid NIT.
    const api = await adminApi(request);
    const nitBody = String(100_000_000 + Math.floor(Math.random() * 900_000_000));
    await api('post', '/api/providers', {
      name: NAME,
      nit: nitBody + [...'0123456789K'].find((check) => isValidNit(nitBody + check))!,
      taxRegime: 'general',
      country: 'GT',
      state: '09',
      town: '0901',
    });

    await login(page);
    await page.goto('/configuration/providers/list');
    await page.getByRole('searchbox', { name: esCommon.actions.search }).fill(TAG);
    const providers = page.getByRole('table', { name: esProv.title });
    const row = providers.getByRole('row', { name: new RegExp(escapeRe(NAME)) });
    await expect(providers.locator('tbody tr')).toHaveCount(1);
    // Pointed at first, as a mouse does: the row's tooltips load then (LazyTooltip), and the link is drawn again.
    const agreementsLink = row.getByRole('link', { name: fill(esAgr.linkOf, { name: NAME }) });
    await agreementsLink.hover();
    await expect(page.getByRole('tooltip', { name: esAgr.link })).toBeVisible();
    await agreementsLink.click();
    await expect(page).toHaveURL(/\/configuration\/providers\/[0-9a-f-]{36}\/agreements$/);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    const table = page.getByRole('table', { name: esAgr.title });
    await expect(table).toContainText(esAgr.empty);

    // Two items, valid this whole year.
    await page.getByRole('link', { name: esAgr.add }).click();
    await expect(page).toHaveURL(/\/agreements\/add$/);
    const add = page.getByRole('form', { name: fill(esAgr.addTitle, { name: NAME }) });
    await field(add, esAgr.fields.reference).fill(REFERENCE);
    await typeDate(add, esAgr.fields.validFrom, `${YEAR}-01-01`);
    await typeDate(add, esAgr.fields.validUntil, `${YEAR}-12-31`);
    await field(add, esAgr.fields.description).fill('Combustible para los vehículos de la sede');
    await itemField(add, esAgr.items.descriptionOf, 1).fill('Gasolina superior');
    await itemField(add, esAgr.items.unitOf, 1).fill('galón');
    await itemField(add, esAgr.items.unitPriceOf, 1).fill('32.50');
    await add.getByRole('button', { name: esAgr.items.add }).click();
    await itemField(add, esAgr.items.descriptionOf, 2).fill('Diésel');
    await itemField(add, esAgr.items.unitOf, 2).fill('galón');
    await itemField(add, esAgr.items.unitPriceOf, 2).fill('1250');
    await expect(itemField(add, esAgr.items.unitPriceOf, 2)).toHaveValue('1,250');
    await page.screenshot({ path: join(ARTIFACTS, 'provider-agreements-add.png'), fullPage: true });
    await add.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/configuration\/providers\/[0-9a-f-]{36}\/agreements$/);

    const agreement = table.getByRole('row', { name: new RegExp(escapeRe(REFERENCE)) });
    await expect(agreement).toContainText(fill(esAgr.validity, { from: `${YEAR}-01-01`, until: `${YEAR}-12-31` }));
    // The items column by its header (a column hidden on narrow screens is still in the DOM).
    const itemsAt = (await table.locator('thead th').allTextContents()).findIndex(
      (h) => h.trim() === esAgr.fields.itemCount,
    );
    expect(itemsAt).toBeGreaterThanOrEqual(0);
    const itemCount = agreement.locator('td').nth(itemsAt);
    await expect(agreement).toContainText(esAgr.states.valid);
    await expect(itemCount).toHaveText('2');
    await page.screenshot({ path: join(ARTIFACTS, 'provider-agreements-list.png') });

    // An end before the start is refused beside the end date, as soon as it is typed.
    await agreement.getByRole('link', { name: REFERENCE, exact: true }).click();
    await expect(page).toHaveURL(/\/agreements\/edit\/[0-9a-f-]{36}$/);
    const edit = page.getByRole('form', { name: fill(esAgr.editTitle, { reference: REFERENCE, name: NAME }) });
    await expect(itemField(edit, esAgr.items.descriptionOf, 2)).toHaveValue('Diésel');
    const until = field(edit, esAgr.fields.validUntil);
    await typeDate(edit, esAgr.fields.validUntil, `${Number(YEAR) - 1}-12-31`);
    await expect(until).toHaveAttribute('aria-invalid', 'true');
    await expect(until).toHaveAccessibleDescription(new RegExp(escapeRe(esErrors.field.agreement_dates_order)));
    await typeDate(edit, esAgr.fields.validUntil, `${YEAR}-12-31`);
    await expect(until).not.toHaveAttribute('aria-invalid', 'true');

    // Gasoline's price changes; diesel goes.
    await itemField(edit, esAgr.items.unitPriceOf, 1).fill('33.75');
    await edit.getByRole('button', { name: fill(esAgr.items.remove, { n: 2 }) }).click();
    await expect(itemField(edit, esAgr.items.descriptionOf, 2)).toHaveCount(0);
    // The last item cannot be removed: an agreement has one at least.
    await expect(edit.getByRole('button', { name: fill(esAgr.items.remove, { n: 1 }) })).toBeDisabled();
    await edit.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/configuration\/providers\/[0-9a-f-]{36}\/agreements$/);
    await expect(itemCount).toHaveText('1');
    await expect(agreement).toContainText(esAgr.states.valid);

    await agreement.getByRole('link', { name: REFERENCE, exact: true }).click();
    await expect(itemField(edit, esAgr.items.descriptionOf, 1)).toHaveValue('Gasolina superior');
    await expect(itemField(edit, esAgr.items.unitPriceOf, 1)).toHaveValue('33.75');
    await expect(itemField(edit, esAgr.items.descriptionOf, 2)).toHaveCount(0);
  });
});
