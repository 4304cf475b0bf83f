import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ARTIFACTS, adminApi, failOnPageErrors, login } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import esBudget from '../apps/web/src/locales/es/budget.json' with { type: 'json' };
import esPop from '../apps/web/src/locales/es/population.json' with { type: 'json' };
import esAct from '../apps/web/src/locales/es/activities.json' with { type: 'json' };
import geography from '../apps/server/src/db/seed/data/guatemala-geography.json' with { type: 'json' };
import amparoCatalogs from '../apps/server/src/db/seed/data/catalogs-amparo.json' with { type: 'json' };

/**
 * Issue 13 sections 3 and 4 in the browser. Goals achieved: a group activity picks the POA line it executes,
 * and the line's edit page counts it in its month. Carry-forwards: an item's unspent amount of a closed year is
 * requested (a third decimal and an amount past what is left are refused beside the amount), the requester may
 * not approve it, and a second approver does: 'Aprobado'.
 */
const G = esBudget.goals;
const CF = esBudget.carryForward;
const N = Date.now() % 100000;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);
const combobox = (scope: Page | Locator, label: string) => scope.getByRole('combobox', { name: labelRe(label) });
const textbox = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: labelRe(label) });
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)(?:, \w+)?\}\}/g, (_, k: string) => String(values[k] ?? ''));
/** 'YYYY-MM-DD' today in Guatemala. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala' }).format(new Date());
const TYPE = amparoCatalogs.catalogs.activity_type.find((x) => x.code === 'TALLER')!;
const SOLOLA = geography.departments.find((d) => d.code === '07')!;
const SOLOLA_TOWN = geography.municipalities.find((m) => m.code === '0701')!;
const APPROVER = {
  username: `rosa.aprueba.${N}`,
  fullName: 'Rosa Aprobadora Xoc',
  email: `rosa.aprueba.${N}@amparo.org.gt`,
  password: 'Aprueba-Segura-2026',
};

type Api = Awaited<ReturnType<typeof adminApi>>;

async function pick(page: Page, scope: Page | Locator, label: string, optionName: string | RegExp) {
  await combobox(scope, label).click();
  await page.getByRole('option', { name: optionName }).first().click();
}

/** Serious or critical axe-core violations (WCAG 2.1 AA), as planning.spec.ts. */
async function axeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  // A dialog fades in: axe measures colours as drawn, and mid-transition the text is lighter than it ends (a busy
  // CI machine once caught the stepper's description at a contrast it never has). Wait for every finite one.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
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

/** A planning line of `year` (catalog codes made here), goal 2 a month; answers its id and its option label. */
async function planningLine(api: Api, year: number, description: string) {
  const code = (prefix: string) => `${prefix}_${N}_${year}`;
  const axis = code('E2E_GEJE');
  const program = code('E2E_GPRO');
  const expenseType = code('E2E_GGAS');
  await api('post', '/api/catalogs/items', { catalog: 'strategic_axis', code: axis, es: axis, en: axis });
  await api('post', '/api/catalogs/items', {
    catalog: 'program',
    code: program,
    es: program,
    en: program,
    parent: axis,
  });
  await api('post', '/api/catalogs/items', {
    catalog: 'expense_type',
    code: expenseType,
    es: expenseType,
    en: expenseType,
  });
  const me = ((await api('post', '/api/user-check', {})) as { user: { id: string } }).user.id;
  const [headquarter] = (await api('get', '/api/headquarters')) as { id: string }[];
  const line = (await api('post', '/api/budget/planning', {
    year,
    strategicAxis: axis,
    program,
    expenseType,
    description,
    goalUnit: 'talleres',
    responsibleId: me,
    plannerId: me,
    headquarterId: headquarter!.id,
    municipality: null,
    months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '2', amount: '100.00' })),
  })) as { id: string };
  return { id: line.id, label: `${axis} / ${program} – ${description}` };
}

/** An API context signed in as `user` (its own cookie jar). */
async function signedIn(request: APIRequestContext, user: { username: string; password: string }): Promise<Api> {
  const res = await request.post('/api/login', { data: { username: user.username, password: user.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return async (method, path, data) => {
    const answer = await request[method](path, data === undefined ? {} : { data });
    expect(answer.ok(), `${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return ((await answer.json()) as { data: unknown }).data;
  };
}

test.describe('goals achieved and carry-forwards', () => {
  failOnPageErrors();

  test('a group activity picks its POA line and the line counts it as achieved in its month', async ({
    page,
    request,
  }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    const api = await adminApi(request);
    const date = today();
    const [year, month] = date.split('-').map(Number) as [number, number];
    const description = `Talleres de autocuidado ${N}`;
    const line = await planningLine(api, year, description);

    await login(page);
    await page.goto('/population/activities/list');
    await page.getByRole('link', { name: esAct.actions.new, exact: true }).click();
    const form = page.getByRole('form', { name: esAct.form.title_add });
    await textbox(form, esAct.fields.name).fill(`Taller de autocuidado ${N}`);
    await pick(page, form, esAct.fields.activityType, `${TYPE.code} - ${TYPE.es}`);
    await pick(page, form, esAct.fields.state, `${SOLOLA.code} - ${SOLOLA.name}`);
    await pick(page, form, esAct.fields.town, `${SOLOLA_TOWN.code} - ${SOLOLA_TOWN.name}`);
    // The date is today's (the default): the lines offered are this year's, searched on the server.
    await expect(textbox(form, esAct.fields.date)).toHaveValue(date);
    const lineSelect = combobox(form, esPop.planningLine.label);
    await expect(lineSelect).toHaveAttribute('placeholder', fill(esPop.planningLine.placeholder, { year }));
    await lineSelect.fill(String(N));
    await page.getByRole('option', { name: line.label }).click();
    await expect(lineSelect).toHaveValue(line.label);
    // Another year's date drops the line (the server would refuse it) and offers that year's lines.
    const dateBox = textbox(form, esAct.fields.date);
    await dateBox.fill(`${year - 1}-06-15`);
    await page.getByRole('heading', { name: esAct.form.section_general }).click();
    await expect(lineSelect).toHaveValue('');
    await expect(lineSelect).toHaveAttribute('placeholder', fill(esPop.planningLine.placeholder, { year: year - 1 }));
    await dateBox.fill(date);
    await page.getByRole('heading', { name: esAct.form.section_general }).click();
    await lineSelect.fill(String(N));
    await page.getByRole('option', { name: line.label }).click();
    await expect(lineSelect).toHaveValue(line.label);
    await page.screenshot({ path: join(ARTIFACTS, 'activity-planning-line.png'), fullPage: true });
    await form.getByRole('button', { name: esCommon.actions.save }).click();

    await expect(page).toHaveURL(/\/population\/activities\/view\/[0-9a-f-]{36}$/);
    await expect(page.getByText(line.label)).toBeVisible();
    // Editing shows the saved line by its label.
    await page.getByRole('link', { name: esCommon.actions.edit }).click();
    await expect(combobox(page, esPop.planningLine.label)).toHaveValue(line.label);

    // The line's page: one achieved this month, from the activities.
    await page.goto(`/budget/planning/edit/${line.id}`);
    const panel = page.getByTestId('goals-panel');
    await expect(panel.getByRole('heading', { name: G.title })).toBeVisible();
    const cells = panel.getByTestId(`goals-month-${month}`).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(esBudget.planning.months[String(month) as '1']);
    await expect(cells.nth(1)).toHaveText('2'); // whole units without '.00' (issue 24 section 6 item 8)
    await expect(cells.nth(2)).toHaveText('1');
    await expect(cells.nth(3)).toHaveText('1');
    await expect(cells.nth(4)).toHaveText('0');
    await expect(cells.nth(5)).toHaveText('50 %');
    await expect(panel.locator('tfoot')).toContainText('24');
    await expect(panel.getByRole('img', { name: fill(G.chartLabel, { unit: 'talleres' }) })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'planning-goals.png'), fullPage: true });
  });

  test('an unspent amount of a closed year is requested and approved by another approver', async ({
    page,
    request,
    playwright,
  }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    const api = await adminApi(request);
    // A year no other browser test plans in, within the years the form offers (ten back).
    const year = new Date().getFullYear() - 7;
    const coopCode = `CF-${N}`;
    const coop = (await api('post', '/api/cooperating', {
      name: 'Fundación Plurianual (E2E)',
      code: coopCode,
      country: 'NO',
      startDate: `${year}-01-01`,
      endDate: `${year + 1}-12-31`,
      currency: 'GTQ',
      ceiling: '5000.00',
    })) as { id: string };
    const item = (await api('post', `/api/cooperating/${coop.id}/items`, {
      code: 'R1',
      name: 'Rubro de talleres',
      initialAmount: '1000',
    })) as { id: string };
    const line = await planningLine(api, year, `Talleres plurianuales ${N}`);
    await api('post', `/api/budget/assignment/${line.id}/transaction/${item.id}`, {
      type: 'increase',
      reason: 'Convenio plurianual',
      months: [1, 2, 3].map((m) => ({ month: m, amount: '100' })),
    });

    // A second approver submits nothing: the admin submits the year, the approver approves and closes it.
    const role = (await api('post', '/api/roles', {
      slug: `aprobacion-e2e-${N}`,
      name: `Aprobación E2E ${N}`,
      permissions: [
        'presupuesto',
        'presupuesto_planificacion',
        'presupuesto_aprobacion',
        'asignacion',
        'asignacion_historial',
      ],
    })) as { id: string };
    await api('post', '/api/users', { ...APPROVER, roleId: role.id, active: true, extraPermissions: [] });
    const approverContext = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const approver = await signedIn(approverContext, APPROVER);
    const move = async (as: Api, transition: string) => {
      const { version } = (await api('get', `/api/budget/plans/${year}`)) as { version: number };
      await as('post', `/api/budget/plans/${year}/transition`, { transition, version });
    };
    await move(api, 'submit');
    await move(approver, 'approve');
    await move(approver, 'close');
    await approverContext.dispose();

    // The admin requests it.
    await login(page);
    await page.getByRole('link', { name: esCommon.menu.carryForwards, exact: true }).click();
    await expect(page).toHaveURL(/\/budget\/carry-forwards$/);
    await page.getByRole('button', { name: CF.request }).click();
    const dialog = page.getByRole('dialog', { name: CF.form.title });
    await pick(page, dialog, CF.fields.fromYear, new RegExp(`^${year}$`));
    await combobox(dialog, CF.fields.item).fill(coopCode);
    await page.getByRole('option', { name: `${coopCode} · R1 - Rubro de talleres` }).click();
    await expect(dialog.getByTestId('carry-forward-available')).toContainText('Q 300.00');
    const amount = textbox(dialog, CF.fields.amount);
    // The money input takes no third decimal while typing (issue 24 section 6 item 8).
    await amount.fill('10.555');
    await expect(amount).toHaveValue(/^(Q\s?)?10\.55$/);
    await amount.fill('300.01');
    await textbox(dialog, CF.fields.reason).fill('Saldo no ejecutado de los talleres');
    await dialog.getByRole('button', { name: CF.form.submit }).click();
    await expect(
      dialog.getByText(fill(esErrors.field.carry_exceeded, { unspent: 'Q 300.00', excess: 'Q 0.01' })),
    ).toBeVisible();
    await amount.fill('100');
    await dialog.getByRole('button', { name: CF.form.submit }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('table', { name: CF.title }).getByRole('row').filter({ hasText: coopCode });
    await expect(row).toContainText(`${year} → ${year + 1}`);
    await expect(row).toContainText('Q 100.00');
    await expect(row).toContainText(CF.status.requested);

    // The requester holds the approval key too, but the workflow's table does not offer them their own approval
    // (issue 25 section 1: the row's buttons are the server's `allowed`).
    const approveLabel = fill(CF.decision.approveOf, { item: 'R1', year });
    await expect(row.getByRole('button', { name: approveLabel })).toHaveCount(0);
    await expect(row).toContainText(CF.status.requested);
    expect(await axeViolations(page)).toEqual([]);
    const decision = page.getByRole('dialog', { name: CF.decision.title.approve });

    // The second approver approves it.
    await page.context().clearCookies();
    await login(page, APPROVER.username, APPROVER.password);
    // What waits for them is on the dashboard, named in their language (issue 25 sections 1 and 5).
    await page.goto('/dashboard');
    const inbox = page.getByTestId('dashboard-inbox');
    await expect(
      inbox.getByRole('link', { name: `Traslado de saldo ${year} → ${year + 1}: Q 100.00`, exact: true }),
    ).toBeVisible();
    await page.getByRole('link', { name: esCommon.menu.carryForwards, exact: true }).click();
    await expect(page.getByRole('button', { name: CF.request })).toHaveCount(0);
    await pick(page, page.getByRole('group', { name: CF.filters }), CF.fields.year, new RegExp(`^${year + 1}$`));
    await expect(page).toHaveURL(new RegExp(`year=${year + 1}`));
    await row.getByRole('button', { name: approveLabel }).click();
    await decision.getByRole('button', { name: CF.decision.confirm.approve }).click();
    await expect(decision).toHaveCount(0);
    await expect(row).toContainText(CF.status.approved);
    await expect(row).toContainText(APPROVER.fullName);
    await expect(row.getByRole('button', { name: approveLabel })).toHaveCount(0);
    await page.screenshot({ path: join(ARTIFACTS, 'carry-forwards.png'), fullPage: true });
    // Its path and history, in the shared workflow components (issue 25 section 1).
    await row.getByRole('button', { name: fill(CF.history.open, { item: 'R1', year }) }).click();
    const history = page.getByRole('dialog', { name: CF.history.title });
    const entries = history.getByRole('list', { name: CF.history.title }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(CF.history.actions.approve);
    await expect(entries.first()).toContainText(APPROVER.fullName);
    await expect(history.getByTestId('workflow-stepper')).toContainText(CF.status.approved);
    expect(await axeViolations(page)).toEqual([]);
  });
});
