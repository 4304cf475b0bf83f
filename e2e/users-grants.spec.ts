import { expect, test } from '@playwright/test';
import { failOnPageErrors, login, adminApi, RUN } from './fixtures';
import esUsers from '../apps/web/src/locales/es/users.json' with { type: 'json' };
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import esAuth from '../apps/web/src/locales/es/auth.json' with { type: 'json' };

/**
 * Issue 9 item 1 in the browser: the user form explains what the server
 * refuses. On one's own user the role, the active flag and the permission
 * tree are disabled with the reason; a user manager sees the keys they lack
 * disabled, and the server still refuses them.
 */

const MANAGER = {
  role: { slug: `gestion-usuarios-e2e-${RUN}`, name: 'Gestión de usuarios E2E' },
  username: `marta.usuarios.e2e.${RUN}`,
  fullName: 'Marta Usuarios Xicará',
  email: `marta.usuarios.${RUN}@amparo.org.gt`,
  password: 'Usuarios-Segura-2026',
};
const TARGET = {
  username: `pedro.destino.e2e.${RUN}`,
  fullName: 'Pedro Destino Chávez',
  email: `pedro.destino.${RUN}@amparo.org.gt`,
  password: 'Destino-Segura-2026',
};

test.describe.serial('User form: grants the editor cannot make', () => {
  failOnPageErrors();
  let targetId = '';

  test('1. on their own user, the admin sees role, active flag and permissions locked with the reason', async ({
    page,
    request,
  }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    const api = await adminApi(request);
    const me = (await api('post', '/api/user-check')) as { user: { id: string } };
    await login(page);
    await page.goto(`/configuration/users/edit/${me.user.id}`);
    await expect(page.getByText(esUsers.grants.ownAccount).first()).toBeVisible();
    await expect(page.getByRole('switch', { name: esUsers.fields.active })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Población atendida' })).toBeDisabled();
    // A module's box says it ticks its screens too (issue 24 section 6, item 11): Población has four.
    await expect(
      page.getByText(esCommon.permissionTree.ticksChildren_other.replace('{{count}}', '4'), { exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: new RegExp(`^${esUsers.fields.email}`) })).toBeDisabled();
  });

  test('2. a user manager sees the keys they lack disabled, and the server refuses a change to their own keys', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const role = (await api('post', '/api/roles', {
      ...MANAGER.role,
      permissions: ['configuracion', 'configuracion_usuarios'],
    })) as { id: string };
    await api('post', '/api/users', {
      username: MANAGER.username,
      password: MANAGER.password,
      fullName: MANAGER.fullName,
      email: MANAGER.email,
      roleId: role.id,
      active: true,
      extraPermissions: [],
    });
    const target = (await api('post', '/api/users', {
      username: TARGET.username,
      password: TARGET.password,
      fullName: TARGET.fullName,
      email: TARGET.email,
      roleId: null,
      active: true,
      extraPermissions: [],
    })) as { id: string };
    targetId = target.id;

    await login(page, MANAGER.username, MANAGER.password);
    await page.goto(`/configuration/users/edit/${targetId}`);
    await expect(page.getByText(esUsers.grants.lacked)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Población atendida' })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Usuarios', exact: true })).toBeEnabled();
    // Ticking a module the manager half-holds adds only what they hold.
    await page.getByRole('checkbox', { name: 'Configuración', exact: true }).click();
    await page.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/configuration\/users\/list$/);
    const saved = (await api('get', `/api/users/${targetId}`)) as { extraPermissions: string[] };
    expect(saved.extraPermissions).toEqual(['configuracion', 'configuracion_usuarios']);

    // The server is the guard: a crafted request for a key the manager lacks is refused.
    const res = await page.request.put(`/api/users/${targetId}`, {
      data: {
        fullName: TARGET.fullName,
        email: TARGET.email,
        phone: null,
        nit: null,
        roleId: null,
        responsibility: null,
        workgroup: null,
        active: true,
        extraPermissions: ['poblacion', 'poblacion_poblacion'],
        version: 2,
      },
    });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('grant_refused');
    expect(esErrors.problem.grant_refused).toBeTruthy();
  });

  test('3. a user manager corrects the e-mail of a user who never signed in, and not after (issue 23 item 1)', async ({
    page,
    playwright,
  }) => {
    await login(page, MANAGER.username, MANAGER.password);
    await page.goto(`/configuration/users/edit/${targetId}`);
    const email = page.getByRole('textbox', { name: new RegExp(`^${esUsers.fields.email}`) });
    await expect(email).toBeEnabled();
    await expect(page.getByText(esUsers.emailRule.correction)).toBeVisible();

    // The user signs in once (own browser context): from then on the address is theirs.
    const own = await playwright.request.newContext({ baseURL: page.url() });
    expect(
      (await own.post('/api/login', { data: { username: TARGET.username, password: TARGET.password } })).ok(),
    ).toBe(true);
    await own.dispose();
    await page.reload();
    await expect(email).toBeDisabled();
    await expect(page.getByText(esUsers.emailRule.owner)).toBeVisible();
  });

  test("4. the Administrador role changes a signed-in user's e-mail only with a reason", async ({ page, request }) => {
    const api = await adminApi(request);
    await login(page);
    await page.goto(`/configuration/users/edit/${targetId}`);
    const email = page.getByRole('textbox', { name: new RegExp(`^${esUsers.fields.email}`) });
    await expect(email).toBeEnabled();
    const reason = page.getByRole('textbox', { name: new RegExp(`^${esUsers.fields.emailReason}`) });
    await expect(reason).toHaveCount(0);
    await email.fill('pedro.nuevo@amparo.org.gt');
    await expect(reason).toBeVisible();
    await page.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/configuration\/users\/edit\//);
    await reason.fill('Cambió de buzón institucional');
    await page.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/configuration\/users\/list$/);
    expect(((await api('get', `/api/users/${targetId}`)) as { email: string }).email).toBe('pedro.nuevo@amparo.org.gt');
  });

  test('5. a spent or unknown cancel link says so when its button is pressed', async ({ page }) => {
    await page.goto(`/email-change/cancel/${'x'.repeat(43)}`);
    await expect(page.getByText(esAuth.emailCancel.explain)).toBeVisible();
    await page.getByRole('button', { name: esAuth.emailCancel.submit }).click();
    await expect(page.getByRole('alert')).toHaveText(esErrors.problem.invalid_token);
  });
});
