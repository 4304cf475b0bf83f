import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, ARTIFACTS, failOnPageErrors, login, guatemalaMonth, randomNit } from './fixtures';
import { fundedLine, take } from './execution-seed';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esExec from '../apps/web/src/locales/es/execution.json' with { type: 'json' };

/**
 * Issue 26 sections 4 and 5 in the browser: a requester's purchase order with two providers goes to the boss of
 * their workgroup, who finds it waiting on the dashboard and approves it; administration approves, sends it back
 * to the boss's stage (the stepper shows it there again), the boss approves again, administration records a quote,
 * closes the comparative table, selects the provider and issues the check, whose amount the page shows in words.
 */
const stamp = `${Date.now() % 1_000_000}`;
const TAG = `CAD${stamp}`;
const PASSWORD = 'Cadena-Segura-2026';

const { year: YEAR, month: MONTH } = guatemalaMonth();

/** A line of this year with Q 3,000.00 assigned this month, two providers, and the requester, boss and administration. */
async function seed(request: APIRequestContext) {
  const api = await adminApi(request);
  const { line } = await fundedLine(api, TAG, {
    description: `Materiales de la cadena ${TAG}`,
    goalUnit: 'talleres',
  });
  const providers: { id: string; name: string }[] = [];
  for (const name of [`Librería Quetzal ${TAG}`, `Papelería Atitlán ${TAG}`])
    providers.push({
      ...((await api('post', '/api/providers', { name, nit: randomNit(), taxRegime: 'general', state: '09' })) as {
        id: string;
      }),
      name,
    });
  const user = async (who: string, keys: string[]) => {
    const role = (await api('post', '/api/roles', {
      slug: `${who}-${TAG.toLowerCase()}`,
      name: `Rol ${who} ${TAG}`,
      permissions: ['ejecucion', ...keys],
    })) as { id: string };
    const username = `${who}.${TAG.toLowerCase()}`;
    await api('post', '/api/users', {
      username,
      fullName: `${who[0]!.toUpperCase()}${who.slice(1)} ${TAG}`,
      email: `${username}@amparo.org.gt`,
      password: PASSWORD,
      roleId: role.id,
      active: true,
      extraPermissions: [],
      workgroup: who === 'administracion' ? null : `Programas ${TAG}`,
    });
    return username;
  };
  return {
    lineId: line.id,
    providers,
    requester: await user('solicitante', ['ejecucion_solicitudes']),
    boss: await user('jefa', ['ejecucion_aprobacion_jefe']),
    administration: await user('administracion', ['ejecucion_administracion']),
  };
}

const stepOf = (page: Page, state: keyof typeof esExec.statuses) =>
  page.getByTestId('workflow-stepper').getByText(esExec.statuses[state], { exact: true });

test.describe('the approval chain of a purchase order', () => {
  failOnPageErrors();

  test('boss and administration approve, a return goes back to the boss, then the table, selection and check', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const s = await seed(request);
    // The requester raises it (through the API: the form has its own scenario in execution-requests.spec).
    const signIn = await request.post('/api/login', { data: { username: s.requester, password: PASSWORD } });
    expect(signIn.ok()).toBe(true);
    const created = await request.post('/api/execution/requests', {
      data: {
        type: 'purchase_order',
        year: YEAR,
        month: MONTH,
        description: `Resmas y marcadores ${TAG}`,
        justification: 'Talleres del mes con familias',
        executionDate: `${YEAR}-${String(MONTH).padStart(2, '0')}-20`,
        items: [
          { lineId: s.lineId, description: 'Resmas de papel', unit: 'resma', quantity: '40', unitPrice: '30.00' },
        ],
        providerIds: s.providers.map((p) => p.id),
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const r = ((await created.json()) as { data: { id: string; number: string } }).data;

    // The boss finds it waiting on the dashboard and approves it.
    await login(page, s.boss, PASSWORD);
    await page.getByRole('link', { name: new RegExp(r.number) }).click();
    await expect(page).toHaveURL(new RegExp(`/execution/requests/${r.id}$`));
    await take(page, esExec.transitions.approve_boss);
    await expect(page.getByText(esExec.statuses.aprobado_jefe).first()).toBeVisible();

    // Administration approves (Q 1,200.00: no superior, the stage shown skipped), then sends it back to the boss.
    await page.context().clearCookies();
    await login(page, s.administration, PASSWORD);
    await page.goto(`/execution/requests/${r.id}`);
    await take(page, esExec.transitions.approve_admin);
    await take(page, esExec.transitions.return, async (dialog) => {
      await dialog.getByRole('combobox', { name: esCommon.workflow.returnTo }).click();
      await page.getByRole('option', { name: esExec.statuses.solicitado, exact: true }).click();
      await dialog.getByRole('textbox', { name: esCommon.workflow.reason }).fill('Revise la cantidad con la jefatura');
    });
    await expect(page.getByText(esExec.statuses.solicitado).first()).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'execution-chain-returned.png'), fullPage: true });
    await expect(page.getByText('Revise la cantidad con la jefatura')).toBeVisible();

    // Back at the boss's stage: the boss finds it in the approvers' inbox, under its stage, and approves again.
    await page.context().clearCookies();
    await login(page, s.boss, PASSWORD);
    await page.getByRole('link', { name: esCommon.menu.requestsInbox }).click();
    await expect(page).toHaveURL(/\/execution\/requests\/inbox$/);
    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${esExec.statuses.solicitado} \\(`) })
      .click();
    await expect(page).toHaveURL(/stage=solicitado/);
    await page.getByRole('link', { name: r.number, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/execution/requests/${r.id}$`));
    await take(page, esExec.transitions.approve_boss);

    await page.context().clearCookies();
    await login(page, s.administration, PASSWORD);
    await page.goto(`/execution/requests/${r.id}`);
    await take(page, esExec.transitions.approve_admin);
    await expect(stepOf(page, 'aprobacion_superior')).toBeVisible();
    // One complete quote is enough below the quotes threshold.
    await page.getByRole('button', { name: new RegExp(s.providers[0]!.name) }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('textbox', { name: /Resmas de papel/ }).fill('29.50');
    await modal.getByRole('textbox', { name: esExec.comparison.validUntil }).fill(`${YEAR + 1}-01-31`);
    await modal.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('comparison')).toContainText('Q 1,180.00');
    await take(page, esExec.transitions.complete_comparison);
    await take(page, esExec.transitions.select_provider, async (dialog) => {
      await dialog.getByRole('combobox', { name: esExec.comparison.provider }).click();
      await page.getByRole('option', { name: new RegExp(s.providers[0]!.name) }).click();
    });
    await take(page, esExec.transitions.issue_payment, async (dialog) => {
      await dialog.getByRole('textbox', { name: esExec.payment.bankAccount }).fill('3-033-12345-6');
      await dialog.getByRole('textbox', { name: esExec.payment.checkNumber }).fill(String(Number(stamp) + 1));
    });
    await expect(page.getByText('UN MIL CIENTO OCHENTA QUETZALES CON 00/100')).toBeVisible();
    await expect(page.getByText(esExec.statuses.emision_cheque).first()).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'execution-chain-paid.png'), fullPage: true });
  });
});
