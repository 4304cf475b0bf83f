import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, adminApi, failOnPageErrors, login } from './fixtures';
import { MAIN_URL } from './playwright.config';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esBudget from '../apps/web/src/locales/es/budget.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };

/**
 * Issue 24 section 6 item 1 in the browser: a line of a submitted or approved year opens read-only and says why;
 * the list shows no pencil on it; the holder of presupuesto_planificacion opens a revision from the line itself
 * and may then edit it; a save the server refuses because the plan was submitted meanwhile says so beside the
 * save button (plan_locked), not "the line changed, reload".
 */
const P = esBudget.planning;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);
const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: labelRe(label) });
const amountOf = (m: keyof typeof P.months) => P.grid.amountOf.replace('{{month}}', P.months[m]);

// Three years ahead: in the year selects, and a year no other spec plans. A retry cannot reuse it (the first
// attempt may have submitted it): it plans ten years further (any year can be chosen through the URL).
const yearOf = (retry: number) => new Date().getFullYear() + 3 + 10 * retry;
const N = Date.now() % 100000;
const DESCRIPTION = `Visitas domiciliarias ${N}`;
const APPROVER = {
  username: `aprobador.lock.${N}`,
  password: 'Aprueba-Bloqueo-2026!',
  fullName: 'Bruno Aprobador',
  email: `aprobador.lock.${N}@amparo.org.gt`,
};

test.describe('a line of a locked plan', () => {
  failOnPageErrors();

  test('opens read-only, shows no pencil, offers a revision, and a refused save says why beside the button', async ({
    page,
    request,
  }, testInfo) => {
    const YEAR = yearOf(testInfo.retry);
    const api = await adminApi(request);
    const code = (p: string) => `E2E_L${p}_${N}`;
    await api('post', '/api/catalogs/items', { catalog: 'strategic_axis', code: code('E'), es: 'Eje L', en: 'Axis L' });
    await api('post', '/api/catalogs/items', {
      catalog: 'program',
      code: code('P'),
      es: 'Programa L',
      en: 'Program L',
      parent: code('E'),
    });
    await api('post', '/api/catalogs/items', { catalog: 'expense_type', code: code('G'), es: 'Gasto L', en: 'Type L' });
    const [headquarter] = (await api('get', '/api/headquarters')) as { id: string }[];
    const me = (await api('post', '/api/user-check', {})) as { user: { id: string } };
    await api('post', '/api/budget/planning', {
      year: YEAR,
      strategicAxis: code('E'),
      program: code('P'),
      expenseType: code('G'),
      description: DESCRIPTION,
      goalUnit: 'visitas',
      responsibleId: me.user.id,
      plannerId: me.user.id,
      headquarterId: headquarter!.id,
      municipality: null,
      months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount: i === 0 ? '100.00' : '0' })),
    });
    const transition = async (as: typeof api, name: string, reason?: string) => {
      const plan = (await as('get', `/api/budget/plans/${YEAR}`)) as { version: number };
      await as('post', `/api/budget/plans/${YEAR}/transition`, { transition: name, version: plan.version, reason });
    };
    // Another user approves what the administrator submitted.
    const role = (await api('post', '/api/roles', {
      slug: `aprobador-lock-${N}`,
      name: `Aprobador bloqueo ${N}`,
      permissions: ['presupuesto', 'presupuesto_planificacion', 'presupuesto_aprobacion'],
    })) as { id: string };
    await api('post', '/api/users', { ...APPROVER, roleId: role.id, active: true, extraPermissions: [] });
    const approverContext = await playwrightRequest.newContext({ baseURL: MAIN_URL });
    const approver = await (async () => {
      const signIn = await approverContext.post('/api/login', {
        data: { username: APPROVER.username, password: APPROVER.password },
      });
      expect(signIn.ok(), await signIn.text()).toBe(true);
      return async (method: 'post' | 'put' | 'get', path: string, data?: unknown) => {
        const res = await approverContext[method](path, data === undefined ? {} : { data });
        expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
        return ((await res.json()) as { data: unknown }).data;
      };
    })();
    await transition(api, 'submit');
    await transition(approver, 'approve');

    // The list: no pencil on the line of the approved year; its name still opens it.
    await login(page, ADMIN.username, ADMIN.password);
    await page.goto(`/budget/planning/list?year=${YEAR}`);
    const table = page.getByRole('table', { name: P.title });
    const row = table.getByRole('row', { name: new RegExp(escapeRe(DESCRIPTION)) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByRole('link', { name: `${esCommon.actions.edit} ${DESCRIPTION}` })).toHaveCount(0);
    await row.getByRole('link', { name: DESCRIPTION, exact: true }).click();

    // Read-only: it says why, the fields are disabled, there is no save nor delete, and a revision is offered.
    const notice = page.getByTestId('line-read-only');
    await expect(notice).toContainText(P.readOnly.title);
    await expect(notice).toContainText(esBudget.plan.help.approved);
    await expect(field(page, amountOf('1'))).toBeDisabled();
    await expect(page.getByRole('button', { name: esCommon.actions.save })).toHaveCount(0);
    await expect(page.getByRole('button', { name: esCommon.actions.delete })).toHaveCount(0);
    await notice.getByRole('button', { name: esBudget.plan.actions.revise }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Ajuste de metas a mitad de año');
    await dialog.getByRole('button', { name: esBudget.plan.actions.revise }).click();
    await expect(notice).toHaveCount(0);
    await expect(field(page, amountOf('1'))).toBeEnabled();

    // Meanwhile the plan is submitted elsewhere: the save is refused for that reason, said beside the button.
    await transition(api, 'submit');
    await field(page, amountOf('2')).fill('50');
    await page.getByRole('button', { name: esCommon.actions.save }).click();
    const refusal = page.getByTestId('save-error');
    await expect(refusal).toContainText(esErrors.field.plan_locked.replace('{{year}}', String(YEAR)));
    await expect(refusal).not.toContainText(P.conflictTitle);
    await expect(refusal).toBeInViewport();
    await expect(page.getByRole('button', { name: P.reload })).toHaveCount(0);
    await approverContext.dispose();
  });
});
