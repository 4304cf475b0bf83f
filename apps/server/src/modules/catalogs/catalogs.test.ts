import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';

describe('catalogs and reference data', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await login(t.app));
  });
  afterAll(() => t.close());

  it('seeds the 22 departments and 340 municipalities with INE codes', async () => {
    const deps = (await admin.post('/api/catalog/department', {})).json().data;
    expect(deps).toHaveLength(22);
    expect(deps[0]).toEqual({ code: '01', cname: 'Guatemala', value: '01', active: true });
    const all = (await admin.post('/api/catalog/municipality', {})).json().data;
    expect(all).toHaveLength(340);
    const solola = (await admin.post('/api/catalog/municipality', { parent: '07' })).json().data as { code: string }[];
    expect(solola.length).toBe(19);
    expect(solola.every((m) => m.code.startsWith('07'))).toBe(true);
  });

  it('answers options in the asked language, with ASCII codes', async () => {
    expect((await admin.post('/api/catalog/sex', { lang: 'en' })).json().data).toEqual([
      { code: 'F', cname: 'Female', value: 'F', active: true },
      { code: 'M', cname: 'Male', value: 'M', active: true },
    ]);
    const languages = (await admin.post('/api/catalog/linguistic_community', {})).json().data as { code: string }[];
    expect(languages.every((l) => /^[A-Z0-9_]+$/.test(l.code))).toBe(true);
    expect((await admin.post('/api/catalog/unknown', {})).statusCode).toBe(404);
  });

  it('adds, renames and deactivates items; an inactive item leaves the dropdowns', async () => {
    const created = await admin.post('/api/catalogs/items', {
      catalog: 'referrer',
      code: 'DEMUNA',
      es: 'Defensoría municipal',
      en: 'Municipal ombudsman',
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    const renamed = await admin.put(`/api/catalogs/items/${item.id}`, {
      es: 'Defensoría Municipal de la Niñez',
      en: 'Municipal child ombudsman',
      active: false,
      version: item.version,
    });
    expect(renamed.json().data).toMatchObject({
      es: 'Defensoría Municipal de la Niñez',
      active: false,
      version: item.version + 1,
    });
    const options = (await admin.post('/api/catalog/referrer', {})).json().data as { code: string }[];
    expect(options.map((o) => o.code)).not.toContain('DEMUNA');
    const withInactive = (await admin.post('/api/catalog/referrer', { includeInactive: true })).json().data as {
      code: string;
    }[];
    expect(withInactive.map((o) => o.code)).toContain('DEMUNA');
    expect((await admin.delete(`/api/catalogs/items/${item.id}`)).statusCode).toBe(200);
  });

  it('keeps the Administrador role whole: every key, and it cannot be deleted', async () => {
    const roles = (await admin.get('/api/roles')).json().data as {
      id: string;
      slug: string;
      permissions: string[];
      version: number;
    }[];
    const adminRole = roles.find((r) => r.slug === 'administrador')!;
    const res = await admin.put(`/api/roles/${adminRole.id}`, {
      slug: 'otro-slug',
      name: 'Administrador',
      permissions: [],
      version: adminRole.version,
    });
    expect(res.json().data.permissions).toEqual(adminRole.permissions);
    expect(res.json().data.slug).toBe('administrador');
    expect((await admin.delete(`/api/roles/${adminRole.id}`)).statusCode).toBe(409);
  });

  it("counts a role's users and refuses to delete a role in use", async () => {
    const role = (
      await admin.post('/api/roles', { slug: 'con-usuarios', name: 'Con usuarios', permissions: [] })
    ).json().data;
    await admin.post('/api/users', {
      username: 'usuaria.rol',
      password: 'Clave-Segura-1',
      fullName: 'Usuaria Rol',
      email: 'usuaria.rol@amparo.test',
      roleId: role.id,
      active: true,
      extraPermissions: [],
    });
    const listed = (await admin.get('/api/roles')).json().data.find((r: { id: string }) => r.id === role.id);
    expect(listed.userCount).toBe(1);
    const res = await admin.delete(`/api/roles/${role.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('in_use');
  });

  it("keeps the plan's classification: programs under a strategic axis, expense types (issue 13 section 1)", async () => {
    const add = (body: Record<string, unknown>) => admin.post('/api/catalogs/items', { es: 'x', en: 'x', ...body });
    const axis = (await add({ catalog: 'strategic_axis', code: 'EJ_PROT', es: 'Protección', en: 'Protection' })).json()
      .data;
    expect(axis).toMatchObject({ code: 'EJ_PROT', parent: null });
    const other = (await add({ catalog: 'strategic_axis', code: 'EJ_EDU' })).json().data;
    // A program needs an existing, active axis; other catalogs take no parent.
    expect((await add({ catalog: 'program', code: 'PR_ACOGIDA' })).json().errors).toEqual([
      { field: 'parent', code: 'required' },
    ]);
    expect((await add({ catalog: 'program', code: 'PR_ACOGIDA', parent: 'EJ_NONE' })).json().errors).toEqual([
      { field: 'parent', code: 'invalid' },
    ]);
    expect((await add({ catalog: 'expense_type', code: 'GT_VIAT', parent: 'EJ_PROT' })).json().errors).toEqual([
      { field: 'parent', code: 'invalid' },
    ]);
    const program = await add({
      catalog: 'program',
      code: 'PR_ACOGIDA',
      es: 'Acogimiento',
      en: 'Foster care',
      parent: 'EJ_PROT',
    });
    expect(program.statusCode, program.body).toBe(200);
    await add({ catalog: 'program', code: 'PR_BECAS', parent: 'EJ_EDU' });
    expect((await add({ catalog: 'expense_type', code: 'GT_VIAT', es: 'Viáticos', en: 'Travel' })).statusCode).toBe(
      200,
    );

    // The dropdown of programs filtered by their axis.
    const under = async (parent?: string) =>
      ((await admin.post('/api/catalog/program', parent ? { parent } : {})).json().data as { code: string }[]).map(
        (o) => o.code,
      );
    expect(await under('EJ_PROT')).toEqual(['PR_ACOGIDA']);
    expect(await under('EJ_EDU')).toEqual(['PR_BECAS']);
    expect(await under()).toEqual(expect.arrayContaining(['PR_ACOGIDA', 'PR_BECAS']));

    // Moved to another axis, audited; not to an inactive one.
    const item = program.json().data;
    const moved = await admin.put(`/api/catalogs/items/${item.id}`, {
      es: item.es,
      en: item.en,
      active: true,
      parent: 'EJ_EDU',
      version: item.version,
    });
    expect(moved.json().data).toMatchObject({ parent: 'EJ_EDU', version: item.version + 1 });
    const audit = await t.database.db.execute<{ changes: Record<string, unknown> }>(
      sql`select changes from audit_log where entity_id = ${item.id} and action = 'update'`,
    );
    expect(audit.rows[0]!.changes).toMatchObject({ parent: { before: 'EJ_PROT', after: 'EJ_EDU' } });
    await admin.put(`/api/catalogs/items/${axis.id}`, {
      es: axis.es,
      en: axis.en,
      active: false,
      version: axis.version,
    });
    const toInactive = await admin.put(`/api/catalogs/items/${item.id}`, {
      es: item.es,
      en: item.en,
      active: true,
      parent: 'EJ_PROT',
      version: item.version + 1,
    });
    expect(toInactive.json().errors).toEqual([{ field: 'parent', code: 'invalid' }]);

    // An axis with programs under it is in use: deactivate it instead.
    expect((await admin.delete(`/api/catalogs/items/${other.id}`)).statusCode).toBe(409);
  });
});
