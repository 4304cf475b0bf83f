import { expect, test } from '@playwright/test';
import { adminApi, failOnPageErrors, login } from './fixtures';
import esPermissions from '../apps/web/src/locales/es/permissions.json' with { type: 'json' };
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };

/**
 * The system permission screen in the browser (spec section 6, issue 24 section 5): the administrator opens it from
 * Configuración, sees a key's screens, API operations and holders, and exports it; a user without
 * configuracion_roles is sent to /no-permission.
 */
test.describe('System permissions', () => {
  failOnPageErrors();

  test('lists what each key opens and who holds it, and exports it', async ({ page, request }) => {
    const api = await adminApi(request);
    const suffix = Date.now().toString(36);
    const role = (await api('post', '/api/roles', {
      slug: `e2e-sede-${suffix}`,
      name: `Sedes e2e ${suffix}`,
      permissions: ['configuracion', 'configuracion_sede'],
    })) as { id: string };
    const username = `e2esede${suffix}`;
    await api('post', '/api/users', {
      username,
      password: 'Clave-Segura-1',
      fullName: `Persona Sedes ${suffix}`,
      email: `${username}@amparo.test`,
      roleId: role.id,
      active: true,
      extraPermissions: [],
    });

    await login(page);
    await page.getByRole('link', { name: esCommon.menu.systemPermissions, exact: true }).click();
    await expect(page).toHaveURL(/\/configuration\/permissions\/list$/);
    await expect(page.getByRole('heading', { name: esPermissions.title })).toBeVisible();

    const sede = page.getByRole('row').filter({ hasText: 'configuracion_sede' });
    await expect(sede).toContainText('/configuration/headquarter/*');
    await expect(sede).toContainText('GET /api/headquarters');
    await expect(sede).toContainText(`Sedes e2e ${suffix}`);
    await expect(sede).toContainText(`Persona Sedes ${suffix} (${username})`);
    const roles = page.getByRole('row').filter({ hasText: 'configuracion_roles' });
    await expect(roles).toContainText('GET /api/permissions');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: esPermissions.export.button }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^permisos-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  test('a user without configuracion_roles is sent to /no-permission', async ({ page, request }) => {
    const api = await adminApi(request);
    const suffix = Date.now().toString(36);
    const role = (await api('post', '/api/roles', {
      slug: `e2e-users-${suffix}`,
      name: `Usuarios e2e ${suffix}`,
      permissions: ['configuracion', 'configuracion_usuarios'],
    })) as { id: string };
    const username = `e2eusers${suffix}`;
    await api('post', '/api/users', {
      username,
      password: 'Clave-Segura-1',
      fullName: `Persona Usuarios ${suffix}`,
      email: `${username}@amparo.test`,
      roleId: role.id,
      active: true,
      extraPermissions: [],
    });
    await login(page, username, 'Clave-Segura-1');
    await expect(page.getByRole('link', { name: esCommon.menu.systemPermissions, exact: true })).toHaveCount(0);
    await page.goto('/configuration/permissions/list');
    await expect(page).toHaveURL(/\/no-permission$/);
  });
});
