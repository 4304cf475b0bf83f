import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PERMISSION_KEYS } from '@amparo/shared/permissions';
import type { PermissionItem } from '@amparo/shared/modules/permissions.schema';
import { as, buildTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';

/**
 * The system permission screen (spec section 6, issue 24 section 5) through the API on a real database: refused
 * without `configuracion_roles`, every key with what it opens read from the registered routes (a route added to
 * the app shows up under its key), the roles and users holding each key, and the xlsx export.
 */
let t: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      // A route this test adds, as a new module would: the screen must list it under its key without being told.
      beforeReady: (app) =>
        app.get(
          '/api/permissions-probe/:id',
          { config: { permission: 'talento_aplicantes' }, schema: { operationId: 'probeApplicants' } },
          async () => ({ ok: true }),
        ),
    },
  );
  admin = as(t.app, await login(t.app));
});
afterAll(() => t.close());

const row = (items: PermissionItem[], key: string) => items.find((i) => i.key === key)!;

describe('system permission screen', () => {
  it('is refused without a session (401) and without configuracion_roles (403)', async () => {
    expect((await as(t.app, null).get('/api/permissions')).statusCode).toBe(401);
    const other = await createUser(t.app, await login(t.app), ['configuracion', 'configuracion_usuarios'], 'perm403');
    const res = await as(t.app, other.token).get('/api/permissions');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await as(t.app, other.token).get('/api/permissions/export')).statusCode).toBe(403);
  });

  it('lists every key in tree order with its labels and what it opens, read from the registered routes', async () => {
    const res = await admin.get('/api/permissions');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data as PermissionItem[];
    expect(items.map((i) => i.key)).toEqual(PERMISSION_KEYS);

    const roles = row(items, 'configuracion_roles');
    expect(roles).toMatchObject({ parent: 'configuracion', depth: 1, es: 'Roles', en: 'Roles' });
    expect(roles.webRoutes).toContain('/configuration/permissions/*');
    expect(roles.operations).toContainEqual({ method: 'GET', url: '/api/permissions', operationId: 'listPermissions' });
    expect(roles.operations).toContainEqual({ method: 'PUT', url: '/api/roles/:id', operationId: 'updateRole' });
    expect(row(items, 'asignacion_transacciones')).toMatchObject({ parent: 'asignacion', depth: 2 });

    // The route this test registered appears under its key; every listed operation is a registered route.
    expect(row(items, 'talento_aplicantes').operations).toEqual([
      { method: 'GET', url: '/api/permissions-probe/:id', operationId: 'probeApplicants' },
    ]);
    const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.permission}`));
    for (const item of items)
      for (const op of item.operations) expect(registered).toContain(`${op.method} ${op.url} ${item.key}`);
    // Every route behind a key is listed once, under that key.
    const keyed = t.app.apiRoutes.filter((r) => r.permission !== 'public' && r.permission !== 'session');
    expect(items.reduce((n, i) => n + i.operations.length, 0)).toBe(keyed.length);
  });

  it('names the roles and users holding each key (with its parent keys), through the role or extra keys', async () => {
    const adminToken = await login(t.app);
    const viaRole = await createUser(t.app, adminToken, ['configuracion', 'configuracion_sede'], 'permrole');
    // A role with the screen key but not its module key opens nothing: it does not hold the key.
    const orphan = await createUser(t.app, adminToken, ['configuracion_vales'], 'permorphan');
    const parentRole = await admin.post('/api/roles', {
      slug: 'perm-parent',
      name: 'Solo configuración',
      permissions: ['configuracion'],
    });
    expect(parentRole.statusCode, parentRole.body).toBe(200);
    const extra = await admin.post('/api/users', {
      username: 'permextra',
      password: 'Clave-Segura-1',
      fullName: 'Usuario con extra',
      email: 'permextra@amparo.test',
      roleId: parentRole.json().data.id,
      active: false,
      extraPermissions: ['configuracion_sede'],
    });
    expect(extra.statusCode, extra.body).toBe(200);

    const items = (await admin.get('/api/permissions')).json().data as PermissionItem[];
    const sede = row(items, 'configuracion_sede');
    expect(sede.roles.map((r) => r.slug)).toContain('administrador');
    expect(sede.roles.map((r) => r.slug)).not.toContain('perm-parent');
    expect(sede.users).toContainEqual(expect.objectContaining({ id: viaRole.id, via: 'role', active: true }));
    expect(sede.users).toContainEqual(
      expect.objectContaining({ id: extra.json().data.id, username: 'permextra', via: 'extra', active: false }),
    );
    expect(row(items, 'configuracion').roles.map((r) => r.slug)).toContain('perm-parent');
    const vales = row(items, 'configuracion_vales');
    expect(vales.users.map((u) => u.id)).not.toContain(orphan.id);
    expect(vales.roles.every((r) => r.slug !== `role-permorphan`)).toBe(true);
  });

  it('exports the screen as xlsx in the asked language, one row per key', async () => {
    const res = await admin.get('/api/permissions/export?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(Number(res.headers['x-export-rows'])).toBe(PERMISSION_KEYS.length);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Permissions');
    expect(sheet.getRow(1).getCell(1).value).toBe('Key');
    expect(sheet.getColumn(1).values.slice(2)).toEqual(PERMISSION_KEYS);
    const rolesRow = sheet.getRow(2 + PERMISSION_KEYS.indexOf('configuracion_roles'));
    expect(String(rolesRow.getCell(5).value)).toContain('GET /api/permissions');
    expect(String(rolesRow.getCell(6).value)).toContain('Administrador');
    expect((await admin.get('/api/permissions/export?lang=xx')).statusCode).toBe(400);
  });
});
