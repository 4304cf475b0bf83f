import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, ARTIFACTS, closeToasts, failOnPageErrors, guatemalaMonth, login, RUN } from './fixtures';
import { fundedLine } from './execution-seed';
import esExecution from '../apps/web/src/locales/es/execution.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import { isValidDpi } from '../packages/shared/src/identifiers.ts';
import { permissionLabel } from '../packages/shared/src/permissions.ts';
import { PAYROLL_IMPORT_COLUMNS } from '../packages/shared/src/modules/execution-personal.schema.ts';

/**
 * Issue 27 section 4 in the browser: personnel execution from the payroll's .xls. Through the API: a planning
 * line of this year at a headquarter with Q 3,000.00 assigned this month, two collaborators of that headquarter
 * and a user holding ejecucion_personal. The user uploads a payroll of this month with one row naming an unknown
 * collaborator, sees the error beside the row, cannot execute, downloads the file back as an .xls whose last
 * column names the error, uploads it fixed, executes it (following the server's progress), sees the result and
 * the upload in the history, and the amount reaches the line's executed figure. The same file again is refused
 * until the user confirms replacing the month: the history then shows the first upload replaced, and the line's
 * executed amount is not doubled.
 */
const { year: YEAR, month: MONTH } = guatemalaMonth();
const MONTH_TEXT = `${YEAR}-${String(MONTH).padStart(2, '0')}`;
const TAG = `P${Date.now() % 100000}`;
const PASSWORD = 'Planilla-Segura-2026';
const XLS_TYPE = 'application/vnd.ms-excel';
/** A translation's count as the page writes it: `{{count}}` as is, `{{count, count}}` with thousands commas. */
const count = (template: string, n: number) =>
  template.replace('{{count}}', String(n)).replace('{{count, count}}', n.toLocaleString('en-US'));
const monthLabel = `${esExecution.months[String(MONTH) as keyof typeof esExecution.months]} ${YEAR}`;

/** A DPI of this call only: eight random digits, the check digit, department 01 and municipality 01. */
function randomDpi(): string {
  for (;;) {
    const serial = String(10_000_000 + Math.floor(Math.random() * 90_000_000));
    const sum = [...serial].reduce((s, d, i) => s + Number(d) * (i + 2), 0);
    if (sum % 11 === 10) continue;
    const dpi = `${serial}${sum % 11}0101`;
    if (isValidDpi(dpi)) return dpi;
  }
}

type Cells = Partial<Record<(typeof PAYROLL_IMPORT_COLUMNS)[number]['key'], string | number | null>>;

/** An Excel 97-2003 workbook (.xls, BIFF8) with the Spanish headers and `rows`. */
function payrollXls(rows: Cells[]): Buffer {
  const aoa = [
    PAYROLL_IMPORT_COLUMNS.map((c) => c.header.es),
    ...rows.map((r) => PAYROLL_IMPORT_COLUMNS.map((c) => r[c.key] ?? null)),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), 'Planilla');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

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
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: XLS_TYPE, buffer: data });
}

test.describe('personnel execution', () => {
  failOnPageErrors();

  test('previews a payroll with a bad row, downloads its errors, executes the fixed file and replaces the month', async ({
    page,
    request,
  }) => {
    // Seeding, three previews, an error file, two executions and an axe pass: about 20 s here, so three times that
    // for a machine shared with other runs.
    test.setTimeout(180_000);
    const api = await adminApi(request);
    const description = `Salarios del personal ${TAG}`;
    const { line, hq } = await fundedLine(api, TAG, {
      description,
      goalUnit: 'planillas',
      typePrefix: 'SAL_',
      typeName: `Salarios ${TAG}`,
      state: '01',
    });
    const people = [
      { code: `COL-${TAG}-1`, firstNames: 'Ana Lucía', lastNames: 'Pérez Xol' },
      { code: `COL-${TAG}-2`, firstNames: 'Juan José', lastNames: 'Coc Tiul' },
    ];
    const dpis: string[] = [];
    for (const p of people) {
      const dpi = randomDpi();
      dpis.push(dpi);
      await api('post', '/api/talent/collaborators', { ...p, dpi, headquarterId: hq.id });
    }
    const role = (await api('post', '/api/roles', {
      slug: `planilla-${RUN}`,
      name: `Planillas ${RUN}`,
      permissions: ['ejecucion', 'ejecucion_personal'],
    })) as { id: string };
    const username = `planillas.${RUN}`;
    await api('post', '/api/users', {
      username,
      fullName: `Encargada de planillas ${TAG}`,
      email: `${username}@amparo.org.gt`,
      password: PASSWORD,
      roleId: role.id,
      active: true,
      extraPermissions: [],
      workgroup: null,
    });
    /** This month's executed amount on the line (Q), as the assignment screen gives it. */
    const executed = async () =>
      ((await api('get', `/api/budget/assignment/${line.id}`)) as { months: { month: number; executed: string }[] })
        .months[MONTH - 1]!.executed;
    expect(await executed()).toBe('0.00');
    // A retry finds the month executed by the first attempt: the first execution then replaces it too.
    const uploadsOfMonth = async () =>
      (
        (await api('get', `/api/execution/personal/uploads?year=${YEAR}&pageSize=100`)) as {
          items: { month: number; status: string }[];
        }
      ).items.filter((u) => u.month === MONTH);
    const executedBefore = (await uploadsOfMonth()).some((u) => u.status === 'active');

    // Ana by code, Juan by DPI; a third row names nobody. Totals: Q 1,500.00 and Q 1,250.00.
    const row = (collaborator: string, salary: number, bonus: number, igss: number, benefits: number): Cells => ({
      collaborator,
      month: MONTH_TEXT,
      line: `SAL_${TAG}`,
      salary,
      bonus,
      igssEmployer: igss,
      benefits,
      isrWithheld: 0,
      total: salary + bonus + igss + benefits,
    });
    const good = [row(people[0]!.code, 1000, 250, 100, 150), row(dpis[1]!, 800, 250, 80, 120)];
    const bad = row(`NADIE-${TAG}`, 700, 250, 70, 80);

    await login(page, username, PASSWORD);
    await page
      .getByRole('navigation', { name: esCommon.menu.label })
      .getByRole('link', { name: permissionLabel('ejecucion_personal', 'es'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/execution\/personal$/);
    const title = page.getByRole('heading', { level: 1, name: esExecution.personal.title });
    await expect(title).toBeVisible();
    // The pointer off the menu: a hovered active entry is drawn darker than at rest (axe would measure that).
    await title.hover();

    // The file with the bad row: the error beside it, in the column's Spanish header; nothing to execute.
    await choose(page, 'planilla.xls', payrollXls([...good, bad]));
    const preview = page.getByTestId('payroll-preview');
    await expect(preview.getByText(count(esExecution.personal.preview.invalid_one, 1))).toBeVisible();
    await expect(preview.getByText(count(esExecution.personal.preview.valid_other, 2))).toBeVisible();
    await expect(preview.getByTestId('payroll-month')).toHaveText(monthLabel);
    const collaboratorHeader = PAYROLL_IMPORT_COLUMNS.find((c) => c.key === 'collaborator')!.header.es;
    const badRow = preview.getByRole('row').filter({ hasText: `NADIE-${TAG}` });
    await expect(badRow).toContainText(`${collaboratorHeader}: ${esErrors.field.collaborator_unknown}`);
    const submit = preview.getByRole('button', { name: /^Ejecutar planilla/ });
    await expect(submit).toBeDisabled();
    await page.screenshot({ path: join(ARTIFACTS, 'personal-errors.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The file back as an .xls, the error in a last column named 'Errores'.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      preview.getByRole('button', { name: esExecution.personal.preview.downloadErrors }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('planilla-errores.xls');
    const returned = readFileSync((await download.path())!);
    // An Excel 97-2003 file is an OLE compound document: its first bytes are D0 CF 11 E0.
    expect(returned.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const book = XLSX.read(returned, { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<(string | number | null)[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      defval: null,
    });
    expect(sheet[0]!.length).toBe(PAYROLL_IMPORT_COLUMNS.length + 1);
    expect(sheet[0]!.at(-1)).toBe('Errores');
    expect(sheet[3]![0]).toBe(`NADIE-${TAG}`);
    expect(sheet[3]!.at(-1)).toBe(`${collaboratorHeader}: ${esErrors.field.collaborator_unknown}`);
    expect(sheet[1]!.at(-1) ?? '').toBe('');

    // Fixed (the bad row removed): two valid rows, Q 2,750.00 on the one line.
    const fixed = payrollXls(good);
    await choose(page, 'planilla-corregida.xls', fixed);
    await expect(preview.getByText(count(esExecution.personal.preview.invalid_other, 0))).toBeVisible();
    await expect(preview.getByTestId('payroll-total')).toHaveText('Q 2,750.00');
    const lineRow = preview.getByRole('row').filter({ hasText: description });
    await expect(lineRow).toContainText(`Sede ${TAG}`);
    await expect(lineRow).toContainText('Q 2,750.00');
    if (!executedBefore) await expect(preview.getByTestId('payroll-existing')).toBeHidden();

    // Executed as a progress stream (NDJSON), all rows at once.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/execution/personal/execute'));
    await preview.getByRole('button', { name: count(esExecution.personal.submit_other, 2) }).click();
    expect((await (await sent).allHeaders()).accept).toContain('application/x-ndjson');
    if (executedBefore)
      await page
        .getByRole('dialog', { name: esExecution.personal.replace.title })
        .getByRole('button', { name: esExecution.personal.replace.confirm })
        .click();
    const done = page.getByTestId('payroll-done');
    await expect(done).toContainText(
      count(esExecution.personal.result_other, 2).replace('{{month}}', monthLabel).replace('{{amount}}', 'Q 2,750.00'),
    );
    const history = page.getByTestId('payroll-uploads');
    const current = history
      .getByRole('row')
      .filter({ hasText: monthLabel })
      .filter({ hasText: esExecution.personal.uploads.statuses.active });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Q 2,750.00');
    await expect(current).toContainText(`Encargada de planillas ${TAG}`);
    // From the top: a full-page screenshot of a scrolled page draws the fixed header in its middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, 'personal-executed.png'), fullPage: true });
    // The amount reached the plan: this month's executed figure of the line.
    expect(await executed()).toBe('2750.00');

    // The same file again: the page says the month was executed, with this very file, and asks before replacing.
    await closeToasts(page);
    await choose(page, 'planilla-corregida.xls', fixed);
    const existing = preview.getByTestId('payroll-existing');
    await expect(existing).toContainText(esExecution.personal.existing.sameFile);
    await expect(existing).toContainText(`Encargada de planillas ${TAG}`);
    await preview.getByRole('button', { name: count(esExecution.personal.submit_other, 2) }).click();
    const replace = page.getByRole('dialog', { name: esExecution.personal.replace.title });
    await expect(replace).toContainText(monthLabel);
    await expect(replace).toContainText(esExecution.personal.existing.sameFile);
    await replace.getByRole('button', { name: esExecution.personal.replace.confirm }).click();
    await expect(replace).toBeHidden();
    await expect(done).toContainText(esExecution.personal.replaced);
    // The first upload is replaced, the new one current; the line executed the month once, not twice.
    await expect(
      history
        .getByRole('row')
        .filter({ hasText: monthLabel })
        .filter({ hasText: esExecution.personal.uploads.statuses.replaced }),
    ).toHaveCount(executedBefore ? 2 : 1);
    await expect(current).toHaveCount(1);
    expect(await executed()).toBe('2750.00');
    const months = await uploadsOfMonth();
    expect(months.filter((u) => u.status === 'active')).toHaveLength(1);
  });
});
