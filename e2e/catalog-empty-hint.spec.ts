import { expect, test, type Page } from '@playwright/test';
import { adminApi, failOnPageErrors, login, RUN } from './fixtures';
import esBudget from '../apps/web/src/locales/es/budget.json' with { type: 'json' };
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };

/**
 * Issue 24 section 6 item 4: a picker whose catalog is empty says where its options come from. A holder of
 * configuracion_catalogos follows a link to that very catalog; a planner without the key is told who fills it.
 * The case built here: a strategic axis with no program yet.
 */
const P = esBudget.planning;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const combobox = (page: Page, label: string) =>
  page.getByRole('combobox', { name: new RegExp(`^${escapeRe(label)}\\s*\\*?$`) });
const AXIS = { code: `E2E_VACIO_${RUN}`.toUpperCase(), es: 'Eje sin programas (E2E)' };
const PLANNER = {
  username: `rosa.planifica.e2e.${RUN}`,
  password: 'Planifica-Segura-2026',
  fullName: 'Rosa Planificadora',
  email: `rosa.planifica.${RUN}@amparo.org.gt`,
};

async function chooseEmptyAxis(page: Page) {
  await page.goto('/budget/planning/add');
  await combobox(page, P.fields.strategicAxis).click();
  await page.getByRole('option', { name: `${AXIS.code} - ${AXIS.es}` }).click();
  return page.getByTestId('empty-picker-program');
}

test.describe('an empty picker', () => {
  failOnPageErrors();

  test('links the catalog manager to the catalog that fills it, and tells a planner who can', async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    const api = await adminApi(request);
    await api('post', '/api/catalogs/items', { catalog: 'strategic_axis', code: AXIS.code, es: AXIS.es, en: AXIS.es });

    await login(page);
    const hint = await chooseEmptyAxis(page);
    await expect(hint).toBeVisible();
    await hint.getByRole('link').click();
    await expect(page).toHaveURL(/\/configuration\/catalogs\?catalog=program$/);

    const role = (await api('post', '/api/roles', {
      slug: `planifica-e2e-${RUN}`,
      name: `Planificación E2E ${RUN}`,
      permissions: ['presupuesto', 'presupuesto_planificacion'],
    })) as { id: string };
    await api('post', '/api/users', { ...PLANNER, roleId: role.id, active: true, extraPermissions: [] });
    const context = await browser.newContext();
    const planner = await context.newPage();
    await login(planner, PLANNER.username, PLANNER.password);
    const told = await chooseEmptyAxis(planner);
    await expect(told).toHaveText(esCommon.emptyPicker.ask.replace('{{label}}', P.fields.program));
    await expect(told.getByRole('link')).toHaveCount(0);
    await context.close();
  });
});
