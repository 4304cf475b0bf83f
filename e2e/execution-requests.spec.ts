import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminApi, ARTIFACTS, closeToasts, failOnPageErrors, login, guatemalaMonth, randomNit } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import esExec from '../apps/web/src/locales/es/execution.json' with { type: 'json' };

/**
 * Issue 26 sections 3 and 5, Ejecución › Solicitudes in the browser: on a planning line with Q 3,000.00 assigned
 * this month, the administrator asks for a purchase order of two items (Q 1,751.50) quoted by two providers, reads
 * its total and the line's commitment on its page and finds it in the list; a second order past what the line has
 * left is refused with the figures under the line.
 */
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)(, money)?\}\}/g, (_, key: string) => String(params[key] ?? ''));
const stamp = `${Date.now() % 1_000_000}`;
const TAG = `SOL${stamp}`;
const lineOf = (tag: string) => `Materiales para talleres de prevención ${tag}`;
const providersOf = (tag: string) => [`Papelería Central de Xela ${tag}`, `Distribuidora Escolar Altense ${tag}`];
const LINE = lineOf(TAG);
const PROVIDERS = providersOf(TAG);
/** The second test's: a cooperating whose control warns instead of stopping. */
const WARN_TAG = `SOW${stamp}`;

const { year: YEAR, month: MONTH } = guatemalaMonth();

/** A cooperating (its control `controlMode`) with one item, a line of this year with Q 3,000.00 assigned this month, and two providers. */
async function seed(request: APIRequestContext, tag: string, controlMode: 'stop' | 'warn') {
  const api = await adminApi(request);
  const catalog = (name: string, code: string, es: string, parent?: string) =>
    api('post', '/api/catalogs/items', { catalog: name, code, es, en: `${es} (en)`, parent });
  await catalog('strategic_axis', `EJE_${tag}`, `Eje de prevención ${tag}`);
  await catalog('program', `PRG_${tag}`, `Programa comunitario ${tag}`, `EJE_${tag}`);
  await catalog('expense_type', `GTO_${tag}`, `Materiales didácticos ${tag}`);
  const me = ((await api('post', '/api/user-check', {})) as { user: { id: string } }).user;
  const hq = (await api('post', '/api/headquarters', {
    code: tag.slice(0, 10),
    name: `Sede de solicitudes ${tag}`,
    country: 'GT',
    state: '09',
  })) as { id: string };
  const coop = (await api('post', '/api/cooperating', {
    name: `Fundación de solicitudes ${tag}`,
    code: `C-${tag}`.slice(0, 20),
    country: 'DE',
    startDate: `${YEAR}-01-01`,
    endDate: `${YEAR}-12-31`,
    currency: 'GTQ',
    ceiling: '900000',
    controlMode,
  })) as { id: string };
  const item = (await api('post', `/api/cooperating/${coop.id}/items`, {
    code: 'R-1',
    name: 'Materiales de talleres',
    initialAmount: '400000',
  })) as { id: string };
  const line = (await api('post', '/api/budget/planning', {
    year: YEAR,
    strategicAxis: `EJE_${tag}`,
    program: `PRG_${tag}`,
    expenseType: `GTO_${tag}`,
    description: lineOf(tag),
    goalUnit: 'talleres',
    responsibleId: me.id,
    plannerId: me.id,
    headquarterId: hq.id,
    municipality: null,
    months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount: '5000' })),
  })) as { id: string };
  await api('post', `/api/budget/assignment/${line.id}/transaction/${item.id}`, {
    type: 'increase',
    reason: 'Convenio firmado con la fundación',
    months: [{ month: MONTH, amount: '3000' }],
  });
  for (const name of providersOf(tag))
    await api('post', '/api/providers', {
      name,
      nit: randomNit(),
      taxRegime: 'general',
      country: 'GT',
      state: '09',
      town: '0901',
    });
}

/** The input of the wrapper whose label is `label` (a MultiSelect's search field). */
const inputOf = (scope: Locator, label: string) =>
  scope
    .locator('.mantine-InputWrapper-root')
    .filter({ has: scope.page().locator('label', { hasText: labelRe(label) }) })
    .locator('input:not([type="hidden"])')
    .first();

/** Chooses the purchase order on this month and lands on its form. */
async function startPurchaseOrder(page: Page) {
  await page.goto('/execution/requests/list');
  await page.getByRole('link', { name: esExec.add }).click();
  await expect(page).toHaveURL(/\/execution\/requests\/add$/);
  await page.getByRole('radio', { name: new RegExp(esExec.types.purchase_order) }).click();
  await page.screenshot({ path: join(ARTIFACTS, 'execution-request-add.png') });
  await page.getByRole('button', { name: esExec.addPage.continue }).click();
  const month = `${YEAR}-${String(MONTH).padStart(2, '0')}`;
  await expect(page).toHaveURL(new RegExp(`/execution/requests/add/purchase-order/${month}$`));
  return page.getByRole('form', { name: esExec.newPage.title_purchase_order });
}

/** Fills item row `n` (1-based): its line (searched by the tag), description, unit, quantity and price. */
async function fillItem(
  form: Locator,
  n: number,
  item: { description: string; unit: string; quantity: string; price: string },
  tag = TAG,
) {
  const page = form.page();
  const line = form.getByRole('combobox', { name: labelRe(fill(esExec.items.lineOf, { n })) });
  await line.click();
  await line.fill(tag);
  await page.getByRole('option', { name: new RegExp(escapeRe(lineOf(tag))) }).click();
  await form.getByRole('textbox', { name: labelRe(fill(esExec.items.descriptionOf, { n })) }).fill(item.description);
  await form.getByRole('textbox', { name: labelRe(fill(esExec.items.unitOf, { n })) }).fill(item.unit);
  await form.getByRole('textbox', { name: labelRe(fill(esExec.items.quantityOf, { n })) }).fill(item.quantity);
  await form.getByRole('textbox', { name: labelRe(fill(esExec.items.unitPriceOf, { n })) }).fill(item.price);
}

/** Adds a provider to quote, searched by its name. */
async function addProvider(form: Locator, name: string) {
  const input = inputOf(form, esExec.providers.field);
  await input.click();
  await input.fill(name.slice(0, 20));
  await form
    .page()
    .getByRole('option', { name: new RegExp(escapeRe(name)) })
    .click();
  // The list stays open for the next choice, over what follows: closed, as a user moving on does.
  await input.press('Escape');
}

test.describe('expense requests', () => {
  failOnPageErrors();

  test('a purchase order of two items and two providers commits its total; one past the available is refused', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await seed(request, TAG, 'stop');
    await login(page);

    const form = await startPurchaseOrder(page);
    await form.getByRole('textbox', { name: labelRe(esExec.fields.description) }).fill(`Útiles para talleres ${TAG}`);
    await form
      .getByRole('textbox', { name: labelRe(esExec.fields.justification) })
      .fill('Los talleres de crianza positiva del mes necesitan materiales para los participantes.');
    await fillItem(form, 1, { description: 'Cuadernos de cien hojas', unit: 'unidad', quantity: '2', price: '500' });
    await form.getByRole('button', { name: esExec.items.add }).click();
    await fillItem(form, 2, { description: 'Cajas de crayones', unit: 'caja', quantity: '3', price: '250.50' });
    await expect(form.getByTestId('items-total')).toHaveText('Q 1,751.50');
    // The line's summary: asked for against what it has this month.
    const summary = form.getByRole('table', { name: esExec.summary.label });
    await expect(summary.getByRole('row', { name: new RegExp(escapeRe(LINE)) })).toContainText('Q 3,000.00');
    for (const name of PROVIDERS) await addProvider(form, name);
    await page.screenshot({ path: join(ARTIFACTS, 'execution-request-form.png'), fullPage: true });
    await form.getByRole('button', { name: esCommon.actions.save }).click();

    await expect(page).toHaveURL(/\/execution\/requests\/[0-9a-f-]{36}$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^SOL-\d{4}-\d{5}$/);
    const number = (await heading.textContent())!.trim();
    await expect(page.getByTestId('request-total')).toHaveText('Q 1,751.50');
    const lines = page.getByRole('table', { name: esExec.detail.lines });
    await expect(lines.getByRole('row', { name: new RegExp(escapeRe(LINE)) })).toContainText('Q 1,751.50');
    const providers = page.getByRole('table', { name: esExec.sections.providers });
    for (const name of PROVIDERS) await expect(providers).toContainText(name);
    await expect(page.getByRole('link', { name: esExec.detail.edit })).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'execution-request-detail.png'), fullPage: true });

    await page.getByRole('link', { name: esExec.back }).click();
    await expect(page).toHaveURL(/\/execution\/requests\/list/);
    await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText('Q 1,751.50');

    // Past what the line has left this month (Q 1,248.50): refused, the figures under the line.
    await closeToasts(page);
    const over = await startPurchaseOrder(page);
    await over.getByRole('textbox', { name: labelRe(esExec.fields.description) }).fill(`Equipo de sonido ${TAG}`);
    await over
      .getByRole('textbox', { name: labelRe(esExec.fields.justification) })
      .fill('Equipo para las asambleas comunitarias del mes.');
    await fillItem(over, 1, { description: 'Equipo de sonido portátil', unit: 'unidad', quantity: '1', price: '5000' });
    await addProvider(over, PROVIDERS[0]!);
    await expect(over.getByRole('table', { name: esExec.summary.label })).toContainText(
      fill(esExec.summary.over, { amount: 'Q 3,751.50' }),
    );
    await over.getByRole('button', { name: esCommon.actions.save }).click();
    const message = fill(esErrors.field.exceeds_available, { available: 'Q 1,248.50', excess: 'Q 3,751.50' });
    const lineWrapper = over
      .locator('.mantine-InputWrapper-root')
      .filter({ has: page.getByRole('combobox', { name: labelRe(fill(esExec.items.lineOf, { n: 1 })) }) });
    await expect(lineWrapper.locator('.mantine-InputWrapper-error')).toHaveText(message);
    await expect(page).toHaveURL(/\/execution\/requests\/add\/purchase-order\//);
    await page.screenshot({ path: join(ARTIFACTS, 'execution-request-over.png'), fullPage: true });
  });
  test('over the available amount of a warning control, the figures are shown and a confirmation saves', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await seed(request, WARN_TAG, 'warn');
    await login(page);
    const form = await startPurchaseOrder(page);
    await form.getByRole('textbox', { name: labelRe(esExec.fields.description) }).fill(`Equipo de sonido ${WARN_TAG}`);
    await form
      .getByRole('textbox', { name: labelRe(esExec.fields.justification) })
      .fill('Equipo para las asambleas comunitarias del mes.');
    await fillItem(
      form,
      1,
      { description: 'Equipo de sonido portátil', unit: 'unidad', quantity: '1', price: '3500' },
      WARN_TAG,
    );
    await addProvider(form, providersOf(WARN_TAG)[0]!);
    await form.getByRole('button', { name: esCommon.actions.save }).click();
    const warning = form.getByRole('alert', { name: esExec.warning.title });
    const message = fill(esErrors.field.exceeds_available, { available: 'Q 3,000.00', excess: 'Q 500.00' });
    await expect(warning).toContainText(message);
    await expect(page).toHaveURL(/\/execution\/requests\/add\/purchase-order\//);
    await closeToasts(page);
    await warning.getByRole('button', { name: esExec.warning.confirm }).click();
    await expect(page).toHaveURL(/\/execution\/requests\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('request-total')).toHaveText('Q 3,500.00');
  });
});
