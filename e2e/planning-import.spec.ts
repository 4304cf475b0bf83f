import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, ARTIFACTS, failOnPageErrors, login } from './fixtures';
import esBudget from '../apps/web/src/locales/es/budget.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import { PLANNING_IMPORT_COLUMNS } from '../packages/shared/src/modules/budget-import.schema.ts';

/**
 * Issue 13 section 3 in the browser: the POA import from Excel and the copy
 * of a year. Catalog items and a headquarter are made through the API; the
 * admin uploads a workbook with one bad row (a total that does not add up),
 * sees the error beside the row, cannot import, downloads the file back with
 * the error in Spanish, fixes the row, imports both lines (asking for the
 * server's progress, issue 25 section 7), imports a file of 1,000 rows while
 * the bar says how many lines are created, then copies the year's plan to the
 * next year.
 */
const N = `${Date.now() % 100000}`;
const CODES = { axis: `E2EEJ${N}`, program: `E2EPR${N}`, type: `E2EGT${N}`, hq: `E2E${N}` };
const YEAR = 2060;
/** The year of the large file (not copied below). */
const BIG_YEAR = 2064;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A translation's count as the page writes it: `{{count}}` as is, `{{count, count}}` with thousands commas. */
const count = (template: string, n: number) =>
  template.replace('{{count}}', String(n)).replace('{{count, count}}', n.toLocaleString('en-US'));

async function workbook(rows: Record<string, string | number | null>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('POA');
  sheet.addRow(PLANNING_IMPORT_COLUMNS.map((c) => c.header.es));
  for (const r of rows) sheet.addRow(PLANNING_IMPORT_COLUMNS.map((c) => r[c.key] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A line of Q 100.00 a month (Q 1,200.00), goal 1 a month; `over` changes cells. */
const line = (description: string, over: Record<string, string | number | null> = {}) => ({
  year: YEAR,
  strategicAxis: CODES.axis,
  program: CODES.program,
  expenseType: CODES.type,
  description,
  goalUnit: 'talleres',
  responsible: 'admin',
  planner: 'admin',
  headquarter: CODES.hq,
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`amount${i + 1}`, 100])),
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`goal${i + 1}`, 1])),
  total: 1200,
  ...over,
});

/** Serious or critical axe-core violations (WCAG 2.1 AA), and any of contrast, names and headings (as accessibility.spec.ts). */
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
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
}

async function choose(page: Page, name: string, data: Buffer) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: XLSX_TYPE, buffer: data });
}

test.describe('POA import and copy', () => {
  failOnPageErrors();

  test('uploads a workbook with a bad row, downloads its errors, imports the fixed file and copies the year', async ({
    page,
    request,
  }) => {
    // Two previews, an error file, a 1,000-row import followed to its end and a year's copy: about 15 s here,
    // so twice the default budget for a machine twice as busy.
    test.setTimeout(120_000);
    const api = await adminApi(request);
    await api('post', '/api/catalogs/items', {
      catalog: 'strategic_axis',
      code: CODES.axis,
      es: 'Eje E2E',
      en: 'Axis',
    });
    await api('post', '/api/catalogs/items', {
      catalog: 'program',
      code: CODES.program,
      es: 'Programa E2E',
      en: 'Program',
      parent: CODES.axis,
    });
    await api('post', '/api/catalogs/items', {
      catalog: 'expense_type',
      code: CODES.type,
      es: 'Gasto E2E',
      en: 'Expense',
    });
    await api('post', '/api/headquarters', { code: CODES.hq, name: 'Sede E2E', country: 'GT', state: '01' });

    await login(page);
    await page.goto('/budget/planning/import');
    await expect(page.getByRole('heading', { name: esBudget.import.title })).toBeVisible();

    // One good row, one whose total is Q 0.10 off.
    await choose(
      page,
      'poa.xlsx',
      await workbook([line('Talleres de crianza'), line('Kits escolares', { amount12: 100.1 })]),
    );
    const preview = page.getByTestId('import-preview');
    await expect(preview.getByText(count(esBudget.import.preview.invalid_one, 1))).toBeVisible();
    await expect(preview.getByText(count(esBudget.import.preview.valid_one, 1))).toBeVisible();
    const mismatch = `Total: ${esErrors.field.total_mismatch.replace('{{sum, money}}', 'Q 1,200.10')}`;
    const badRow = preview.getByRole('row').filter({ hasText: 'Kits escolares' });
    await expect(badRow).toContainText(mismatch);
    // The row's total, as the file gives it (1200), reads as money.
    await expect(badRow.getByRole('cell', { name: 'Q 1,200.00', exact: true })).toBeVisible();
    const submit = preview.getByRole('button', { name: /^Importar/ });
    await expect(submit).toBeDisabled();
    await page.screenshot({ path: join(ARTIFACTS, 'planning-import-errors.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The file back, the error in the last column, in Spanish.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      preview.getByRole('button', { name: esBudget.import.preview.downloadErrors }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('poa-errores.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(readFileSync((await download.path())!)).buffer);
    const sheet = book.worksheets[0]!;
    const errorsColumn = PLANNING_IMPORT_COLUMNS.length + 1;
    expect(sheet.getRow(1).getCell(errorsColumn).value).toBe('Errores');
    expect(sheet.getRow(3).getCell(2).value).toBe(CODES.axis);
    expect(sheet.getRow(3).getCell(errorsColumn).value).toBe(mismatch);
    expect(sheet.getRow(2).getCell(errorsColumn).value ?? '').toBe('');

    // Fixed: both rows import.
    const fixed = await workbook([line('Talleres de crianza'), line('Kits escolares')]);
    await choose(page, 'poa-corregido.xlsx', fixed);
    await expect(preview.getByText(count(esBudget.import.preview.valid_other, 2))).toBeVisible();
    await expect(preview.getByText(count(esBudget.import.preview.invalid_other, 0))).toBeVisible();
    // The import asks for the server's progress (issue 25 section 7): a stream of NDJSON lines.
    const executed = page.waitForRequest((r) => r.url().endsWith('/api/budget/planning/import/execute'));
    await preview.getByRole('button', { name: count(esBudget.import.submit_other, 2) }).click();
    expect((await (await executed).allHeaders()).accept).toContain('application/x-ndjson');
    await expect(page.getByTestId('import-done')).toHaveText(count(esBudget.import.created_other, 2));
    const created = (await api('get', `/api/budget/planning?year=${YEAR}`)) as {
      total: number;
      totals: { total: string };
      items: { description: string; headquarterName: string }[];
    };
    expect(created.total).toBe(2);
    expect(created.totals.total).toBe('2400.00');
    expect(created.items.map((i) => i.description).sort()).toEqual(['Kits escolares', 'Talleres de crianza']);

    // The very same file again: the server kept its hash, so the page asks before importing it twice; cancelled.
    await choose(page, 'poa-corregido.xlsx', fixed);
    await preview.getByRole('button', { name: count(esBudget.import.submit_other, 2) }).click();
    const again = page.getByRole('dialog', { name: esBudget.import.duplicate.title });
    await expect(again).toContainText(esErrors.field.import_already_done.split(' el ')[0]!);
    await again.getByRole('button', { name: esCommon.actions.cancel }).click();
    await expect(again).toBeHidden();
    expect(((await api('get', `/api/budget/planning?year=${YEAR}`)) as { total: number }).total).toBe(2);

    // A file of 1,000 rows (four batches of the server's): while it writes, the bar is determinate and says how
    // many lines are created of the total, as the server reports them. Every state the page shows is recorded
    // (a busy machine may show only some of them); at least one such state must have been shown.
    const big = await workbook(Array.from({ length: 1000 }, (_, i) => line(`Fila ${i + 1}`, { year: BIG_YEAR })));
    await choose(page, 'poa-grande.xlsx', big);
    await expect(preview.getByText(count(esBudget.import.preview.valid_other, 1000))).toBeVisible({ timeout: 30_000 });
    await page.evaluate(() => {
      const seen: { text: string; value: string | null; striped: boolean }[] = [];
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const text = bar?.closest('[aria-live="polite"]')?.textContent ?? '';
        if (bar && seen.at(-1)?.text !== text)
          seen.push({ text, value: bar.getAttribute('aria-valuenow'), striped: bar.hasAttribute('data-striped') });
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await preview.getByRole('button', { name: count(esBudget.import.submit_other, 1000) }).click();
    await expect(page.getByTestId('import-done')).toHaveText(count(esBudget.import.created_other, 1000), {
      timeout: 30_000,
    });
    const seen = await page.evaluate(
      () =>
        (window as unknown as { progressSeen: { text: string; value: string | null; striped: boolean }[] })
          .progressSeen,
    );
    const writing = new RegExp(
      `^${esBudget.import.progress.writing.replace('{{done}}', '(0|250|500|750|1,000)').replace('{{total}}', '1,000')}$`,
    );
    const determinate = seen.filter((s) => writing.test(s.text));
    expect(determinate.length, JSON.stringify(seen)).toBeGreaterThan(0);
    for (const s of determinate) {
      expect(s.striped, s.text).toBe(false);
      const done = Number(writing.exec(s.text)![1]!.replace(',', ''));
      expect(Number(s.value), s.text).toBeCloseTo(done / 10);
    }
    expect(((await api('get', `/api/budget/planning?year=${BIG_YEAR}&pageSize=1`)) as { total: number }).total).toBe(
      1000,
    );

    // The year's plan copied to the next one.
    await page.goto('/budget/planning/copy-year');
    const year = page.getByRole('textbox', { name: esBudget.copyYear.from });
    await year.fill(String(YEAR));
    const copy = page.getByTestId('copy-preview');
    await expect(copy.getByText(count(esBudget.copyYear.lines_other, 2))).toBeVisible();
    await expect(copy.getByRole('row').filter({ hasText: 'Kits escolares' })).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'planning-copy-year.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await copy
      .getByRole('button', { name: count(esBudget.copyYear.submit_other, 2).replace('{{to}}', String(YEAR + 1)) })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: esBudget.copyYear.confirmButton }).click();
    await expect(page.getByTestId('copy-done')).toHaveText(
      count(esBudget.copyYear.done_other, 2).replace('{{to}}', String(YEAR + 1)),
    );
    const next = (await api('get', `/api/budget/planning?year=${YEAR + 1}`)) as {
      total: number;
      totals: { total: string };
    };
    expect(next).toMatchObject({ total: 2, totals: { total: '2400.00' } });
    // Copied once: the preview now says so and the button is off.
    await expect(copy.getByRole('alert')).toContainText(String(YEAR + 1));
  });
});
