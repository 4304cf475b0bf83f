import { expect, test } from '@playwright/test';
import { adminApi, failOnPageErrors, login, RUN } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esWorkflow from '../apps/web/src/locales/es/workflow.json' with { type: 'json' };

/**
 * Issue 25 section 1, delegations in the browser: a staff member delegates their approvals to a colleague from
 * the user menu's "Mis delegaciones", the colleague is told and sees it received, and the delegating user ends it.
 */
test.describe('delegations', () => {
  failOnPageErrors();

  test('delegate my approvals to a colleague, then end it', async ({ page, request, playwright }) => {
    const api = await adminApi(request);
    const role = (await api('post', '/api/roles', {
      slug: `delegaciones-e2e-${RUN}`,
      name: `Delegaciones E2E ${RUN}`,
      permissions: ['presupuesto'],
    })) as { id: string };
    const person = async (first: string) => {
      const user = { username: `${first.toLowerCase()}.deleg.${RUN}`, password: 'Delega-Segura-2026' };
      await api('post', '/api/users', {
        ...user,
        fullName: `${first} Delegaciones ${RUN}`,
        email: `${first.toLowerCase()}.deleg.${RUN}@amparo.org.gt`,
        roleId: role.id,
        active: true,
        extraPermissions: [],
      });
      return user;
    };
    const [ana, beto] = [await person('Ana'), await person('Beto')];

    await login(page, ana.username, ana.password);
    await page.getByRole('button', { name: esCommon.menu.userMenuOf.split('{{name}}')[1]! }).click();
    await page.getByRole('menuitem', { name: esCommon.menu.delegations }).click();
    await expect(page).toHaveURL(/\/delegations$/);
    await expect(page.getByRole('heading', { name: esWorkflow.title, level: 1 })).toBeVisible();
    await expect(page.getByText(esWorkflow.given.empty)).toBeVisible();

    const form = page.getByRole('form', { name: esWorkflow.form.title });
    await form.getByRole('combobox', { name: new RegExp(`^${esWorkflow.fields.to}`) }).fill('Beto Deleg');
    await page.getByRole('option', { name: new RegExp(`Beto Delegaciones ${RUN}`) }).click();
    await form.getByRole('button', { name: esWorkflow.form.submit }).click();
    await expect(page.getByText(esWorkflow.messages.created)).toBeVisible();

    const given = page.getByRole('table', { name: esWorkflow.given.title });
    const row = given.getByRole('row', { name: new RegExp(`Beto Delegaciones ${RUN}`) });
    await expect(row).toContainText(esWorkflow.states.in_force);
    await expect(row).toContainText(esWorkflow.allWorkflows);

    // The delegate is told, and sees it among the delegations received.
    const betoApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    expect((await betoApi.post('/api/login', { data: beto })).ok()).toBe(true);
    const notices = (await (await betoApi.get('/api/notifications')).json()).data.items as { kind: string }[];
    expect(notices.map((n) => n.kind)).toContain('workflow.delegation_received');
    const received = (await (await betoApi.get('/api/workflow/delegations')).json()).data.received as {
      from: { name: string };
      state: string;
    }[];
    expect(received).toEqual([
      expect.objectContaining({
        from: expect.objectContaining({ name: `Ana Delegaciones ${RUN}` }),
        state: 'in_force',
      }),
    ]);
    await betoApi.dispose();

    await row.getByRole('button', { name: new RegExp(`^${esWorkflow.end.labelFor.split('{{from}}')[0]}`) }).click();
    const dialog = page.getByRole('dialog', { name: esWorkflow.end.title });
    await dialog.getByRole('button', { name: esWorkflow.end.action }).click();
    await expect(page.getByText(esWorkflow.messages.ended)).toBeVisible();
    await expect(row).toContainText(esWorkflow.states.ended);
    await expect(row.getByRole('button', { name: esWorkflow.end.action })).toHaveCount(0);
  });
});
