import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, ARTIFACTS, adminApi, failOnPageErrors, login } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esBudget from '../apps/web/src/locales/es/budget.json' with { type: 'json' };

/**
 * Issue 13 section 3, Presupuesto › Planificación in the browser: with a strategic axis, a program under it
 * and an expense type made through the API, an administrator plans a line with monthly goals and amounts
 * (the year's totals follow the typing, exactly), finds it in the list with the totals per month under it,
 * edits a month (after a 409 and a reload), exports the filtered list to xlsx and reads the file's totals, sees
 * its deactivated expense type kept on it but not offered for a new line, and deletes the line.
 */
const P = esBudget.planning;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);
const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: labelRe(label) });
const combobox = (scope: Page | Locator, label: string) => scope.getByRole('combobox', { name: labelRe(label) });
const month = (name: keyof typeof P.months) => P.months[name];
const amountOf = (m: keyof typeof P.months) => P.grid.amountOf.replace('{{month}}', month(m));
const goalOf = (m: keyof typeof P.months) => P.grid.goalOf.replace('{{month}}', month(m));

const N = Date.now() % 100000;
const AXIS = { code: `E2E_EJE_${N}`, es: 'Protección integral (E2E)' };
const PROGRAM = { code: `E2E_PRO_${N}`, es: 'Crianza positiva (E2E)' };
const TYPE = { code: `E2E_GAS_${N}`, es: 'Materiales de taller (E2E)' };
const DESCRIPTION = `Talleres de crianza positiva con familias ${N}`;
const option = (item: { code: string; es: string }) => `${item.code} - ${item.es}`;

async function pick(page: Page, scope: Page | Locator, label: string, optionName: string | RegExp) {
  await combobox(scope, label).click();
  await page.getByRole('option', { name: optionName }).first().click();
}

/** Serious or critical axe-core violations (WCAG 2.1 AA), as cooperating.spec.ts. */
async function axeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter(
      (v) =>
        v.impact === 'critical' ||
        v.impact === 'serious' ||
        ['color-contrast', 'label-content-name-mismatch', 'heading-order'].includes(v.id),
    )
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`);
}

/** The downloaded xlsx's rows (cell values, header first). */
async function readXlsx(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push(Array.from({ length: 20 }, (_, i) => row.getCell(i + 1).value)));
  return rows;
}

test.describe('planning (POA)', () => {
  failOnPageErrors();

  test('plans a line with monthly amounts, lists it with the totals, edits it, exports to xlsx and deletes it', async ({
    page,
    request,
  }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    const api = await adminApi(request);
    await api('post', '/api/catalogs/items', { catalog: 'strategic_axis', code: AXIS.code, es: AXIS.es, en: AXIS.es });
    await api('post', '/api/catalogs/items', {
      catalog: 'program',
      code: PROGRAM.code,
      es: PROGRAM.es,
      en: PROGRAM.es,
      parent: AXIS.code,
    });
    await api('post', '/api/catalogs/items', { catalog: 'expense_type', code: TYPE.code, es: TYPE.es, en: TYPE.es });
    const [headquarter] = (await api('get', '/api/headquarters')) as { code: string; name: string }[];
    expect(headquarter, 'the demo data has a headquarter').toBeTruthy();

    await login(page);
    await page.getByRole('link', { name: 'Planificación (POA)' }).click();
    await expect(page).toHaveURL(/\/budget\/planning\/list$/);
    await page.getByRole('link', { name: P.add }).click();
    await expect(page).toHaveURL(/\/budget\/planning\/add$/);

    // Classification: the program list follows the axis.
    await expect(combobox(page, P.fields.program)).toBeDisabled();
    await pick(page, page, P.fields.strategicAxis, option(AXIS));
    await pick(page, page, P.fields.program, option(PROGRAM));
    await pick(page, page, P.fields.expenseType, option(TYPE));
    await field(page, P.fields.description).fill(DESCRIPTION);
    await field(page, P.fields.goalUnit).fill('talleres');
    await combobox(page, P.fields.responsible).fill(ADMIN.username);
    await page.getByRole('option', { name: new RegExp(`\\(${ADMIN.username}\\)`) }).click();
    await pick(page, page, P.fields.headquarter, `${headquarter!.code} - ${headquarter!.name}`);

    // The months: totals follow the typing, exactly; a third decimal is refused beside its month.
    const totalAmount = page.getByTestId('total-amount');
    const totalGoal = page.getByTestId('total-goal');
    await expect(totalAmount).toHaveText('Q 0.00');
    await field(page, goalOf('1')).fill('2');
    await field(page, amountOf('1')).fill('1000');
    await field(page, goalOf('2')).fill('1.5');
    await field(page, amountOf('2')).fill('234.56');
    await expect(totalAmount).toHaveText('Q 1,234.56');
    await expect(totalGoal).toHaveText('3.5 talleres');
    // The money input takes no third decimal while typing (issue 24 section 6 item 8).
    await field(page, amountOf('3')).fill('0.105');
    await expect(field(page, amountOf('3'))).toHaveValue(/^(Q\s?)?0\.10$/);
    await field(page, amountOf('3')).fill('');
    await expect(field(page, amountOf('3'))).not.toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'planning-form.png'), fullPage: true });
    await page.getByRole('button', { name: esCommon.actions.save }).click();

    // Listed, and narrowed to this axis the totals under the table are this line's.
    await expect(page).toHaveURL(/\/budget\/planning\/list/);
    await pick(page, page.getByRole('group', { name: P.filters.label }), P.fields.strategicAxis, option(AXIS));
    await expect(page).toHaveURL(new RegExp(`strategicAxis=${AXIS.code}`));
    const table = page.getByRole('table', { name: P.title });
    const row = table.getByRole('row', { name: new RegExp(escapeRe(DESCRIPTION)) });
    await expect(row).toContainText('Q 1,234.56');
    await expect(table.locator('tfoot')).toContainText('Q 1,234.56');
    const totals = page.getByTestId('month-totals');
    const figure = (label: string) => totals.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
    await expect(figure(month('1'))).toHaveText('Q 1,000.00');
    await expect(figure(month('2'))).toHaveText('Q 234.56');
    await expect(figure(month('4'))).toHaveText('Q 0.00');
    await expect(figure(P.totals.total)).toHaveText('Q 1,234.56');
    expect(await axeViolations(page)).toEqual([]);

    // Edit: March gets Q 765.44, the year Q 2,000.00; someone else saving first is a 409 that offers a reload.
    await row.getByRole('link', { name: DESCRIPTION, exact: true }).click();
    await expect(page).toHaveURL(/\/budget\/planning\/edit\/[0-9a-f-]{36}$/);
    await expect(field(page, amountOf('2'))).toHaveValue('234.56');
    const id = page.url().split('/').pop()!;
    const saved = (await api('get', `/api/budget/planning/${id}`)) as Record<string, unknown> & { version: number };
    const { id: _id, version, totalAmount: _t, totalGoal: _g, ...fields } = saved;
    const body = Object.fromEntries(Object.entries(fields).filter(([k]) => !k.endsWith('Name')));
    await api('put', `/api/budget/planning/${id}`, { ...body, version });
    await field(page, amountOf('3')).fill('765.44');
    await page.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page.getByText(P.conflictTitle)).toBeVisible();
    await page.getByRole('button', { name: P.reload }).click();
    await expect(page.getByText(P.conflictTitle)).toHaveCount(0);
    await expect(field(page, amountOf('3'))).toHaveValue('0.00');
    await field(page, amountOf('3')).fill('765.44');
    await expect(totalAmount).toHaveText('Q 2,000.00');
    await page.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/budget\/planning\/list/);
    await pick(page, page.getByRole('group', { name: P.filters.label }), P.fields.strategicAxis, option(AXIS));
    await expect(row).toContainText('Q 2,000.00');
    await expect(figure(month('3'))).toHaveText('Q 765.44');
    await expect(figure(P.totals.total)).toHaveText('Q 2,000.00');
    await page.screenshot({ path: join(ARTIFACTS, 'planning-list.png'), fullPage: true });

    // Export the filtered list: the line and the totals row, as numbers.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: esBudget.export.button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^poa-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [header, line, sums, ...rest] = await readXlsx((await download.path())!);
    expect(rest).toEqual([]);
    expect(header!.slice(0, 2)).toEqual(['Año', 'Eje estratégico']);
    expect(header![19]).toBe('Total');
    expect(line![1]).toBe(option(AXIS));
    expect(line![4]).toBe(DESCRIPTION);
    expect(line!.slice(7, 10)).toEqual([1000, 234.56, 765.44]);
    expect(line![19]).toBe(2000);
    expect(sums![0]).toBe('Totales');
    expect(sums!.slice(7, 10)).toEqual([1000, 234.56, 765.44]);
    expect(sums![19]).toBe(2000);

    // The expense type is deactivated: the line keeps showing it, a new line is not offered it.
    const types = (await api('get', '/api/catalogs/expense_type/items')) as {
      id: string;
      code: string;
      es: string;
      en: string;
      version: number;
    }[];
    const type = types.find((i) => i.code === TYPE.code)!;
    await api('put', `/api/catalogs/items/${type.id}`, {
      es: type.es,
      en: type.en,
      active: false,
      version: type.version,
    });
    await row.getByRole('link', { name: DESCRIPTION, exact: true }).click();
    await page.reload();
    await expect(combobox(page, P.fields.expenseType)).toHaveValue(`${option(TYPE)} (${esCommon.status.inactive})`);
    await page.getByRole('link', { name: P.backToList }).click();
    await page.getByRole('link', { name: P.add }).click();
    await combobox(page, P.fields.expenseType).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(page.getByRole('option', { name: new RegExp(escapeRe(TYPE.code)) })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: P.backToList }).click();
    await pick(page, page.getByRole('group', { name: P.filters.label }), P.fields.strategicAxis, option(AXIS));

    // Delete, after confirming.
    await row.getByRole('link', { name: DESCRIPTION, exact: true }).click();
    await page.getByRole('button', { name: esCommon.actions.delete }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(DESCRIPTION);
    await dialog.getByRole('button', { name: esCommon.actions.delete }).click();
    await expect(page).toHaveURL(/\/budget\/planning\/list/);
    await pick(page, page.getByRole('group', { name: P.filters.label }), P.fields.strategicAxis, option(AXIS));
    await expect(table).toContainText(P.emptyFiltered);
  });
});
