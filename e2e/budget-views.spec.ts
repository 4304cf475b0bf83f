import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ARTIFACTS, adminApi, failOnPageErrors, login } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esBudget from '../apps/web/src/locales/es/budget.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };

/**
 * Issue 13 sections 3 and 5 in the browser: for a year nobody else plans, two lines (two programs of one axis)
 * and a cooperating item paying part of them are made through the API. The edit form shows the program's,
 * axis's and year's totals with the line as typed; the administrator's first submit meets a plan moved
 * meanwhile (409, reload), the second locks the year and finds Add, Import and Copy disabled with the reason;
 * another user holding presupuesto_aprobacion approves it (revision 1, Q 2,000.00, 2 lines); the POA summary
 * shows the exact totals, now and as revision 1; the funder summary shows the item's figures, its xlsx carries
 * the same Total row, and the PDF downloads.
 */
const P = esBudget.plan;
const S = esBudget.summary;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);
const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: labelRe(label) });
const amountOf = (m: keyof typeof esBudget.planning.months) =>
  esBudget.planning.grid.amountOf.replace('{{month}}', esBudget.planning.months[m]);
const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), template);

// Four years ahead: in the year selects (five each way) and far from the years other specs plan.
const YEAR = new Date().getFullYear() + 4;
const N = Date.now() % 100000;
const AXIS = { code: `E2E_VEJ_${N}`, es: 'Protección (vistas E2E)' };
const PROGRAM_A = { code: `E2E_VPA_${N}`, es: 'Familias (vistas E2E)' };
const PROGRAM_B = { code: `E2E_VPB_${N}`, es: 'Escuelas (vistas E2E)' };
const TYPE = { code: `E2E_VGT_${N}`, es: 'Talleres (vistas E2E)' };
const COOP = { code: `E2E-V${N}`, name: 'Fundación Vistas E2E' };
const APPROVER = {
  username: `aprobador.poa.${N}`,
  password: 'Aprueba-POA-Segura-2026',
  fullName: 'Ana Aprobadora POA',
  email: `aprobador.poa.${N}@amparo.org.gt`,
};

/** Serious or critical axe-core violations (WCAG 2.1 AA), as planning.spec.ts. */
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
  book.worksheets[0]!.eachRow((row) => rows.push(Array.from({ length: 8 }, (_, i) => row.getCell(i + 1).value)));
  return rows;
}

/** Twelve months, each Q 0 but those given. */
const months = (amounts: Record<number, string>) =>
  Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    goal: amounts[i + 1] ? '1' : '0',
    amount: amounts[i + 1] ?? '0',
  }));

/** Takes a transition from the plan panel: its button, then the dialog's (with a reason when given). */
async function transition(page: Page, action: string, reason?: string) {
  await page.getByTestId('plan-status').getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (reason) await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('budget views', () => {
  failOnPageErrors();

  test('totals in the form, submit and approve the year, POA summary and funder summary with its xlsx', async ({
    page,
    request,
    browser,
  }) => {
    // The POA summary's two exports (issue 24 section 6, item 9) made the scenario longer.
    test.setTimeout(300_000);
    const api = await adminApi(request);
    await api('post', '/api/catalogs/items', { catalog: 'strategic_axis', code: AXIS.code, es: AXIS.es, en: AXIS.es });
    for (const program of [PROGRAM_A, PROGRAM_B])
      await api('post', '/api/catalogs/items', {
        catalog: 'program',
        code: program.code,
        es: program.es,
        en: program.es,
        parent: AXIS.code,
      });
    await api('post', '/api/catalogs/items', { catalog: 'expense_type', code: TYPE.code, es: TYPE.es, en: TYPE.es });
    const [headquarter] = (await api('get', '/api/headquarters')) as { id: string }[];
    const me = (await api('post', '/api/user-check', {})) as { user: { id: string } };
    const line = (program: string, description: string, amounts: Record<number, string>) =>
      api('post', '/api/budget/planning', {
        year: YEAR,
        strategicAxis: AXIS.code,
        program,
        expenseType: TYPE.code,
        description,
        goalUnit: 'talleres',
        responsibleId: me.user.id,
        plannerId: me.user.id,
        headquarterId: headquarter!.id,
        municipality: null,
        months: months(amounts),
      }) as Promise<{ id: string }>;
    // Q 1,234.56 and Q 765.44: Q 2,000.00 in the axis and the year.
    const lineA = await line(PROGRAM_A.code, `Talleres con familias ${N}`, { 1: '1000.00', 2: '234.56' });
    const lineB = await line(PROGRAM_B.code, `Talleres en escuelas ${N}`, { 3: '500.10', 4: '265.34' });

    // A cooperating item of Q 5,000.00 pays Q 600.00 of the first line and Q 400.00 of the second.
    const coop = (await api('post', '/api/cooperating', {
      ...COOP,
      country: 'GT',
      startDate: `${YEAR}-01-01`,
      endDate: `${YEAR}-12-31`,
      currency: 'GTQ',
      ceiling: '10000.00',
    })) as { id: string };
    const item = (await api('post', `/api/cooperating/${coop.id}/items`, {
      code: 'R1',
      name: 'Rubro de talleres',
      initialAmount: '5000.00',
    })) as { id: string };
    for (const [id, month, amount] of [
      [lineA.id, 1, '600.00'],
      [lineB.id, 3, '400.00'],
    ] as const)
      await api('post', `/api/budget/assignment/${id}/transaction/${item.id}`, {
        type: 'increase',
        reason: 'Convenio de talleres',
        months: [{ month, amount }],
      });

    // ---- The edit form: the program's, axis's and year's totals follow the typing.
    await login(page);
    await page.goto(`/budget/planning/edit/${lineA.id}`);
    // Amounts show their thousands grouped (issue 24 section 6, item 8).
    await expect(field(page, amountOf('1'))).toHaveValue('1,000.00');
    const totals = page.getByTestId('form-totals');
    await expect(totals.getByTestId('form-total-program')).toHaveText('Q 1,234.56');
    await expect(totals.getByTestId('form-total-axis')).toHaveText('Q 2,000.00');
    await expect(totals.getByTestId('form-total-year')).toHaveText('Q 2,000.00');
    await field(page, amountOf('1')).fill('1100.10');
    await expect(totals.getByTestId('form-total-program')).toHaveText('Q 1,334.66');
    await expect(totals.getByTestId('form-total-axis')).toHaveText('Q 2,100.10');
    await expect(totals.getByTestId('form-total-year')).toHaveText('Q 2,100.10');
    await field(page, amountOf('1')).fill('');
    await expect(totals.getByTestId('form-total-year')).toHaveText('Q 1,000.00');
    // Typed key by key, the thousands are grouped as they come; the total reads the decimal string, exactly.
    await field(page, amountOf('1')).pressSequentially('500000.5');
    await expect(field(page, amountOf('1'))).toHaveValue('500,000.5');
    await expect(totals.getByTestId('form-total-year')).toHaveText('Q 501,000.50');
    await field(page, amountOf('1')).fill('');

    // ---- The planning list of the year: a draft; the administrator submits it and it locks.
    await page.goto(`/budget/planning/list?year=${YEAR}`);
    const panel = page.getByTestId('plan-status');
    await expect(panel.getByRole('heading', { name: fill(P.title, { year: YEAR }) })).toBeVisible();
    await expect(page.getByTestId('plan-status-badge')).toHaveText(P.status.draft);
    await expect(panel).toContainText(P.neverApproved);
    const add = page.getByRole('link', { name: esBudget.planning.add });
    await expect(add).toBeVisible();
    await expect(page.getByRole('link', { name: P.listActions.import })).toBeVisible();
    await expect(page.getByRole('link', { name: fill(P.listActions.copy, { from: YEAR - 1 }) })).toHaveAttribute(
      'href',
      `/budget/planning/copy-year?from=${YEAR - 1}`,
    );
    expect(await axeViolations(page)).toEqual([]);
    // Meanwhile the plan is submitted and returned elsewhere: the page's version is stale (409), and says so.
    const seen = (await api('get', `/api/budget/plans/${YEAR}`)) as { version: number };
    const moved = (await api('post', `/api/budget/plans/${YEAR}/transition`, {
      transition: 'submit',
      version: seen.version,
    })) as { version: number };
    await api('post', `/api/budget/plans/${YEAR}/transition`, {
      transition: 'return',
      version: moved.version,
      reason: 'Falta el programa de escuelas',
    });
    // The shared workflow dialog says so in place of its form, and reloads the plan (issue 25 section 1).
    await panel.getByRole('button', { name: P.actions.submit, exact: true }).click();
    const staleDialog = page.getByRole('dialog');
    await staleDialog.getByRole('button', { name: P.actions.submit, exact: true }).click();
    await expect(staleDialog.getByText(esCommon.workflow.staleTitle)).toBeVisible();
    await expect(staleDialog.getByText(esErrors.problem.stale_transition)).toBeVisible();
    await staleDialog.getByRole('button', { name: esCommon.workflow.reload }).click();
    await expect(staleDialog).toHaveCount(0);
    await expect(page.getByTestId('plan-status-badge')).toHaveText(P.status.draft);
    await transition(page, P.actions.submit);
    await expect(page.getByText(fill(P.done.submit, { year: YEAR }))).toBeVisible();
    await expect(page.getByTestId('plan-status-badge')).toHaveText(P.status.submitted);
    const locked = fill(esErrors.field.plan_locked, { year: YEAR });
    for (const name of [esBudget.planning.add, P.listActions.import, fill(P.listActions.copy, { from: YEAR - 1 })]) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(locked);
    }
    await expect(page.getByRole('link', { name: esBudget.planning.add })).toHaveCount(0);
    // Whoever submitted it does not approve it: «Aprobar» is shown disabled, saying why (issue 24 section 6, item 6).
    const approve = panel.getByRole('button', { name: P.actions.approve, exact: true });
    await expect(approve).toBeDisabled();
    await expect(approve).toHaveAccessibleDescription(
      fill(esCommon.workflow.refused.not_the_submitter, { action: P.actions.approve }),
    );
    await expect(
      panel.getByText(fill(esCommon.workflow.refused.not_the_submitter, { action: P.actions.approve })),
    ).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'plan-submitted.png'), fullPage: true });

    // ---- Another user, holder of presupuesto_aprobacion, approves it.
    const role = (await api('post', '/api/roles', {
      slug: `aprobador-poa-${N}`,
      name: `Aprobador del POA ${N}`,
      permissions: ['presupuesto', 'presupuesto_planificacion', 'presupuesto_aprobacion'],
    })) as { id: string };
    await api('post', '/api/users', { ...APPROVER, roleId: role.id, active: true, extraPermissions: [] });
    const approverContext = await browser.newContext();
    const approver = await approverContext.newPage();
    await login(approver, APPROVER.username, APPROVER.password);
    await approver.goto(`/budget/planning/list?year=${YEAR}`);
    await expect(approver.getByTestId('plan-status-badge')).toHaveText(P.status.submitted);
    await transition(approver, P.actions.approve, 'Aprobado en la reunión de junta');
    await expect(approver.getByTestId('plan-status-badge')).toHaveText(P.status.approved);
    const approverPanel = approver.getByTestId('plan-status');
    await expect(approverPanel).toContainText(fill(P.inForce, { revision: 1 }));
    await approverPanel.getByRole('button', { name: fill(P.records, { count: 1 }) }).click();
    const revisions = approverPanel.getByRole('table', { name: P.revisions.title });
    const revision = revisions.getByRole('row').nth(1);
    await expect(revision.getByRole('cell')).toHaveText([
      '1',
      // The first approval revises nothing: a revision's reason is the one given to open it.
      '—',
      APPROVER.fullName,
      /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/,
      'Q 2,000.00',
      '2',
    ]);
    // The shared workflow history (issue 25 section 1): submitted, returned, submitted again, approved.
    const history = approverPanel.getByRole('list', { name: P.history.title });
    await expect(history.getByRole('listitem')).toHaveCount(4);
    const approval = history.getByRole('listitem').filter({ hasText: new RegExp(`^${P.history.actions.approve}`) });
    await expect(approval).toContainText(APPROVER.fullName);
    await expect(approval).toContainText('Aprobado en la reunión de junta');
    await expect(
      history.getByRole('listitem').filter({ hasText: new RegExp(`^${P.history.actions.return}`) }),
    ).toContainText('Falta el programa de escuelas');
    expect(await axeViolations(approver)).toEqual([]);
    await approver.screenshot({ path: join(ARTIFACTS, 'plan-approved.png'), fullPage: true });

    // ---- The POA summary of the year, from the menu: exact totals, now and as revision 1.
    await approver.getByRole('link', { name: esCommon.menu.poaSummary, exact: true }).click();
    await expect(approver).toHaveURL(/\/budget\/summary\/poa$/);
    // The list stays on screen while the summary's code loads: wait for the summary itself.
    await expect(approver.getByRole('heading', { level: 1, name: S.poa.title })).toBeVisible();
    await approver.getByRole('combobox', { name: esBudget.planning.fields.year }).click();
    await approver.getByRole('option', { name: String(YEAR), exact: true }).click();
    await expect(approver).toHaveURL(new RegExp(`year=${YEAR}`));
    const byAxis = approver.getByRole('table', { name: S.poa.byAxis });
    const expectTotals = async () => {
      await expect(byAxis.locator('tfoot td')).toHaveText([
        S.total,
        'Q 2,000.00',
        'Q 1,000.00',
        'Q 0.00',
        'Q 0.00',
        '0.0 %',
      ]);
      await expect(byAxis.locator('tbody tr[data-kind="axis"]', { hasText: AXIS.code })).toContainText('Q 2,000.00');
      const programRow = (code: string) => byAxis.locator('tbody tr[data-kind="program"]', { hasText: code });
      await expect(programRow(PROGRAM_A.code).locator('td')).toHaveText([
        `${PROGRAM_A.code} - ${PROGRAM_A.es}`,
        'Q 1,234.56',
        'Q 600.00',
        'Q 0.00',
        'Q 0.00',
        '0.0 %',
      ]);
      await expect(programRow(PROGRAM_B.code).locator('td')).toHaveText([
        `${PROGRAM_B.code} - ${PROGRAM_B.es}`,
        'Q 765.44',
        'Q 400.00',
        'Q 0.00',
        'Q 0.00',
        '0.0 %',
      ]);
      const byMonth = approver.getByRole('table', { name: S.poa.byMonth });
      await expect(byMonth.locator('tbody tr').nth(0).locator('td').nth(1)).toHaveText('Q 1,000.00');
      await expect(byMonth.locator('tfoot td').nth(1)).toHaveText('Q 2,000.00');
    };
    await expect(approver.getByTestId('poa-scope')).toContainText(fill(S.poa.lines_other, { count: 2 }));
    await expectTotals();
    expect(await axeViolations(approver)).toEqual([]);
    await approver.screenshot({ path: join(ARTIFACTS, 'poa-summary.png'), fullPage: true });
    await approver.getByRole('combobox', { name: S.poa.revision }).click();
    const revisionOne = fill(S.poa.revisionOption, { revision: 1, date: '' }).split('(')[0]!;
    await approver.getByRole('option', { name: new RegExp(`^${escapeRe(revisionOne)}`) }).click();
    await expect(approver).toHaveURL(/revision=1/);
    await expect(approver.getByTestId('poa-scope')).toContainText(
      fill(S.poa.scopeRevision, { year: YEAR, revision: 1 }),
    );
    await expectTotals();
    // The POA summary's xlsx (issue 24 section 6, item 9): the PDF's title and filters above the table, the
    // same figures, named after the plan year and revision.
    const poaXlsx = approver.waitForEvent('download');
    await approver.getByRole('button', { name: S.funders.exportXlsx }).click();
    const poaFile = await poaXlsx;
    expect(poaFile.suggestedFilename()).toBe(`resumen-del-poa-${YEAR}-revision-1.xlsx`);
    const poaRows = await readXlsx((await poaFile.path())!);
    expect(poaRows.slice(0, 3).map((r) => r.slice(0, 2))).toEqual([
      ['Resumen del POA', null],
      ['Año', String(YEAR)],
      ['Revisión', '1'],
    ]);
    expect(poaRows.at(-1)!.slice(0, 4)).toEqual(['Total', null, 2, 2000]);
    const poaPdf = approver.waitForEvent('download');
    await approver.getByRole('button', { name: S.funders.exportPdf }).click();
    expect((await poaPdf).suggestedFilename()).toBe(`resumen-del-poa-${YEAR}-revision-1.pdf`);
    // Without the assignment key, no funder summary in the menu.
    await expect(approver.getByRole('link', { name: esCommon.menu.funderSummary, exact: true })).toHaveCount(0);
    await approverContext.close();

    // ---- The funder summary, as the administrator: the cooperating of this year, its item and the xlsx.
    await page.getByRole('link', { name: esCommon.menu.funderSummary, exact: true }).click();
    await expect(page).toHaveURL(/\/budget\/summary\/funders$/);
    await expect(page.getByRole('heading', { level: 1, name: S.funders.title })).toBeVisible();
    // Its date is the app's date field (AAAA-MM-DD), not the browser's (issue 24 section 6, item 8).
    await expect(page.getByRole('textbox', { name: S.funders.asOf, exact: true })).toHaveAttribute(
      'placeholder',
      esCommon.dateField.placeholder,
    );
    await page.getByRole('combobox', { name: esBudget.planning.fields.year }).click();
    await page.getByRole('option', { name: String(YEAR), exact: true }).click();
    await page.getByRole('combobox', { name: S.funders.cooperating }).fill(COOP.code);
    await page.getByRole('option', { name: new RegExp(escapeRe(COOP.code)) }).click();
    await expect(page).toHaveURL(new RegExp(`cooperatingId=${coop.id}`));
    const funders = page.getByRole('table', { name: S.funders.tableTitle });
    const figures = ['Q 5,000.00', 'Q 1,000.00', 'Q 4,000.00', 'Q 0.00', 'Q 0.00', 'Q 1,000.00'];
    await expect(funders.locator('tbody tr')).toHaveCount(1);
    await expect(funders.locator('tfoot td')).toHaveText([S.total, ...figures]);
    await funders.getByRole('button', { name: fill(S.funders.showItems, { name: COOP.name }) }).click();
    await expect(funders.locator('tbody tr')).toHaveCount(2);
    await expect(funders.locator('tbody tr').nth(1).locator('td')).toHaveText(['R1 – Rubro de talleres', ...figures]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'funder-summary.png'), fullPage: true });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: S.funders.exportXlsx }).click();
    const download = await downloading;
    // Named after the year it covers, not the download day; the PDF's title and filters above the table.
    expect(download.suggestedFilename()).toBe(`resumen-por-cooperante-${YEAR}.xlsx`);
    const book = await readXlsx((await download.path())!);
    expect(book.slice(0, 3).map((r) => r[0])).toEqual(['Resumen por cooperante', 'Año', 'Generado']);
    expect(book[1]![1]).toBe(String(YEAR));
    expect(book[2]![1]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    const rows = book.slice(3);
    expect(rows[0]!.slice(0, 3)).toEqual(['Cooperante', 'Rubro', 'Monto']);
    // Header, the item, the cooperating's subtotal and the total, the figures as numbers.
    const numbers = [5000, 1000, 4000, 0, 0, 1000];
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual([`${COOP.code} – ${COOP.name}`, 'R1 – Rubro de talleres', ...numbers]);
    expect(rows[3]).toEqual(['Total', null, ...numbers]);

    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: S.funders.exportPdf }).click();
    expect((await pdf).suggestedFilename()).toBe(`resumen-por-cooperante-${YEAR}.pdf`);
  });
});
