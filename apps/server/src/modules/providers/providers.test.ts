import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '@amparo/shared/modules/providers.schema';
import { as, buildTestApp, countRows, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';

/** Valid NITs (SAT modulo-11), unused by other tests of this file's database. */
const NITS = ['12345601', '1234561K', '12345628', '12345636', '12345644', '12345652'];

/**
 * Providers (issue 26 section 1, `/api/providers`, key `configuracion_proveedores`): the NIT is checked and
 * unique, the place agrees with the INE geography, the list searches by words or NIT, edits are versioned and
 * every change is audited.
 */
describe('/api/providers', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await login(t.app));
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Distribuidora Ñandú, S.A.',
    tradeName: 'Papelería El Árbol',
    nit: NITS[0],
    taxRegime: 'general',
    hasRetention: true,
    country: 'GT',
    state: '01',
    town: '0101',
    address: '6a avenida 10-20 zona 1',
    contactName: 'Marta López',
    phones: ['2222-3333'],
    email: 'ventas@arbol.com.gt',
    bankName: 'Banrural',
    bankAccount: '3-033-12345-6',
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/providers', body(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Provider;
  };

  it('creates a provider with its NIT normalised and its place named, audited, and reads it back', async () => {
    const p = await create({ nit: '1234560-1' });
    expect(p).toMatchObject({
      nit: '12345601',
      taxRegime: 'general',
      hasRetention: true,
      state: '01',
      stateName: 'Guatemala',
      town: '0101',
      townName: 'Guatemala',
      city: null,
      phones: ['2222-3333'],
      active: true,
      version: 1,
    });
    expect((await admin.get(`/api/providers/${p.id}`)).json().data).toEqual(p);
    const audit = await t.database.db.execute<{ action: string; changes: Record<string, { after: unknown }> }>(
      sql`select action, changes from audit_log where entity = 'provider' and entity_id = ${p.id}`,
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'create',
        changes: expect.objectContaining({ nit: { before: null, after: '12345601' } }),
      }),
    ]);
  });

  it('refuses a bad NIT, a taken NIT, a place that disagrees and a department abroad; nothing is written', async () => {
    const before = await countRows(t.database, 'providers');
    const refused = async (over: Record<string, unknown>, status = 400) => {
      const res = await admin.post('/api/providers', body(over));
      expect(res.statusCode, res.body).toBe(status);
      return res.json().errors;
    };
    expect(await refused({ nit: '12345602' })).toEqual([{ field: 'nit', code: 'nit_invalid' }]);
    expect(await refused({ nit: 'CF' })).toEqual([{ field: 'nit', code: 'nit_invalid' }]);
    // The first test's NIT, written another way.
    expect(await refused({ nit: '12345-601' }, 409)).toEqual([{ field: 'nit', code: 'duplicate' }]);
    expect(await refused({ nit: NITS[1], town: '0301' })).toEqual([
      expect.objectContaining({ field: 'town', code: 'municipality_not_in_department' }),
    ]);
    expect(await refused({ nit: NITS[1], state: '99', town: null })).toEqual([
      { field: 'state', code: 'unknown_code' },
    ]);
    expect(await refused({ nit: NITS[1], state: null, town: null })).toEqual([{ field: 'state', code: 'required' }]);
    expect(await refused({ nit: NITS[1], country: 'SV', town: null })).toEqual([{ field: 'state', code: 'invalid' }]);
    expect(await refused({ nit: NITS[1], taxRegime: 'other' })).toEqual([
      expect.objectContaining({ field: 'taxRegime', code: 'invalid' }),
    ]);
    expect(await countRows(t.database, 'providers')).toBe(before);
    // Abroad: a city, no department.
    const abroad = await create({
      nit: NITS[1],
      name: 'Importadora Cuscatlán',
      tradeName: null,
      country: 'SV',
      state: null,
      town: null,
      city: 'San Salvador',
    });
    expect(abroad).toMatchObject({ country: 'SV', state: null, city: 'San Salvador' });
  });

  it('lists by name and finds by words (accents and case ignored) or by the NIT exactly', async () => {
    await create({ nit: NITS[2], name: 'Combustibles del Sur', tradeName: 'Gasolinera Niño Dios' });
    await create({ nit: NITS[3], name: 'Limpieza Total', tradeName: null, active: false });
    const names = async (query: string) => {
      const res = await admin.get(`/api/providers?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as Provider[]).map((p) => p.name);
    };
    expect(await names('q=nino gaso')).toEqual(['Combustibles del Sur']);
    expect(await names('q=ARBOL')).toEqual(['Distribuidora Ñandú, S.A.']);
    expect(await names(`q=${encodeURIComponent('1234562-8')}`)).toEqual(['Combustibles del Sur']);
    expect(await names('q=limpieza&active=active')).toEqual([]);
    expect(await names('q=limpieza&active=inactive')).toEqual(['Limpieza Total']);
    const all = await names('pageSize=100');
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('edits at the version seen: a stale version is refused, a taken NIT too; the audit keeps before and after', async () => {
    const p = await create({ nit: NITS[4], name: 'Internet Veloz' });
    const edit = (version: number, over: Record<string, unknown>) =>
      admin.put(`/api/providers/${p.id}`, { ...body({ nit: NITS[4], name: 'Internet Veloz', ...over }), version });
    const done = await edit(1, { tradeName: 'Veloz GT', active: false });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ tradeName: 'Veloz GT', active: false, version: 2 });
    const stale = await edit(1, { tradeName: 'Otra' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const taken = await edit(2, { nit: NITS[2] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'nit', code: 'duplicate' }]);
    expect((await admin.put(`/api/providers/${crypto.randomUUID()}`, { ...body(), version: 1 })).statusCode).toBe(404);
    const audit = await t.database.db.execute<{ changes: Record<string, { before: unknown; after: unknown }> }>(
      sql`select changes from audit_log where entity = 'provider' and entity_id = ${p.id} and action = 'update'`,
    );
    expect(audit.rows).toEqual([
      {
        changes: {
          tradeName: { before: 'Papelería El Árbol', after: 'Veloz GT' },
          active: { before: true, after: false },
        },
      },
    ]);
  });

  it('answers only holders of configuracion_proveedores', async () => {
    const adminToken = await login(t.app);
    const other = await createUser(t.app, adminToken, ['configuracion', 'configuracion_sede'], 'prov');
    const holder = await createUser(t.app, adminToken, ['configuracion', 'configuracion_proveedores'], 'prov');
    expect((await as(t.app, other.token).get('/api/providers')).statusCode).toBe(403);
    expect((await as(t.app, other.token).post('/api/providers', body({ nit: NITS[5] }))).statusCode).toBe(403);
    expect((await as(t.app, holder.token).get('/api/providers')).statusCode).toBe(200);
  });

  postgresOnly(
    'lets one of ten parallel creations with one NIT through; the others are 409 duplicate, never 500',
    async () => {
      const nit = NITS[5];
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => admin.post('/api/providers', body({ nit, name: `Paralelo ${i}` }))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      const rows = await t.database.db.execute(sql`select 1 from providers where nit = ${nit}`);
      expect(rows.rows).toHaveLength(1);
    },
  );
});
