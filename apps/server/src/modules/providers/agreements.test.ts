import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agreement } from '@amparo/shared/modules/framework-agreements.schema';
import type { Provider } from '@amparo/shared/modules/providers.schema';
import { as, buildTestApp, createUser, inDays, login, type TestApp } from '../../../test/helpers.ts';
import { agreementState } from './agreements.service.ts';

/** Valid NITs (SAT modulo-11) of this file's providers. */
const NITS = ['76543218', '7654320K', '76543226'];

/**
 * Framework agreements (issue 26 section 1, `/api/providers/:id/agreements`, key `configuracion_proveedores`):
 * prices per item for a period, with their state; items kept by id across edits; audited.
 */
describe('/api/providers/:id/agreements', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let provider: Provider;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await login(t.app));
    provider = await newProvider(NITS[0]!);
  });
  afterAll(() => t.close());

  async function newProvider(nit: string, over: Record<string, unknown> = {}) {
    const res = await admin.post('/api/providers', {
      name: `Gasolinera La Ceiba ${nit}`,
      nit,
      taxRegime: 'general',
      country: 'GT',
      state: '01',
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Provider;
  }
  const body = (over: Record<string, unknown> = {}) => ({
    reference: 'CM-2027-01',
    description: 'Combustible para los vehículos de la sede central',
    validFrom: inDays(-10),
    validUntil: inDays(355),
    items: [
      { description: 'Gasolina súper', unit: 'galón', unitPrice: '32.50' },
      { description: 'Diésel', unit: 'galón', unitPrice: '29.9' },
    ],
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, providerId = provider.id) => {
    const res = await admin.post(`/api/providers/${providerId}/agreements`, body(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Agreement;
  };

  it('adds an agreement with its items in order, valid today, audited, and lists it', async () => {
    const a = await create();
    expect(a).toMatchObject({
      providerId: provider.id,
      providerName: provider.name,
      reference: 'CM-2027-01',
      state: 'valid',
      active: true,
      version: 1,
      items: [
        { description: 'Gasolina súper', unit: 'galón', unitPrice: '32.50' },
        { description: 'Diésel', unit: 'galón', unitPrice: '29.90' },
      ],
    });
    const list = (await admin.get(`/api/providers/${provider.id}/agreements`)).json().data as Agreement[];
    expect(list.map((x) => x.id)).toContain(a.id);
    expect((await admin.get(`/api/providers/${provider.id}/agreements/${a.id}`)).json().data).toEqual(a);
    const audit = await t.database.db.execute(
      sql`select 1 from audit_log where entity = 'provider_agreement' and entity_id = ${a.id} and action = 'create'`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses dates out of order, no items, repeated items, prices of zero; and an inactive provider', async () => {
    const bad = async (over: Record<string, unknown>, field: string, code: string) => {
      const res = await admin.post(`/api/providers/${provider.id}/agreements`, body(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, code }));
    };
    await bad({ validFrom: inDays(5), validUntil: inDays(4) }, 'validUntil', 'agreement_dates_order');
    await bad({ items: [] }, 'items', 'required');
    await bad(
      {
        items: [
          { description: 'Diésel', unit: 'galón', unitPrice: '29.90' },
          { description: 'diésel', unit: 'Galón', unitPrice: '30.00' },
        ],
      },
      'items.1.description',
      'duplicate',
    );
    await bad({ items: [{ description: 'Diésel', unit: 'galón', unitPrice: '0' }] }, 'items.0.unitPrice', 'too_small');
    const closed = await newProvider(NITS[1]!, { active: false });
    const res = await admin.post(`/api/providers/${closed.id}/agreements`, body());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('provider_inactive');
    expect((await admin.get(`/api/providers/${closed.id}/agreements`)).json().data).toEqual([]);
    expect((await admin.post(`/api/providers/${crypto.randomUUID()}/agreements`, body())).statusCode).toBe(404);
  });

  it('edits keeping items by id, adding and removing others; stale versions are 409; audited', async () => {
    const a = await create({ reference: 'CM-EDIT' });
    const [gas, diesel] = a.items;
    const res = await admin.put(`/api/providers/${provider.id}/agreements/${a.id}`, {
      ...body({ reference: 'CM-EDIT' }),
      version: a.version,
      items: [
        { id: diesel!.id, description: 'Diésel', unit: 'galón', unitPrice: '31.00' },
        { description: 'Aceite de motor', unit: 'litro', unitPrice: '85.00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as Agreement;
    expect(after.items.map((i) => [i.description, i.unitPrice])).toEqual([
      ['Diésel', '31.00'],
      ['Aceite de motor', '85.00'],
    ]);
    expect(after.items[0]!.id).toBe(diesel!.id);
    expect(after.items.map((i) => i.id)).not.toContain(gas!.id);
    const stale = await admin.put(`/api/providers/${provider.id}/agreements/${a.id}`, {
      ...body(),
      version: a.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const foreign = await admin.put(`/api/providers/${provider.id}/agreements/${a.id}`, {
      ...body(),
      version: after.version,
      items: [{ id: crypto.randomUUID(), description: 'Diésel', unit: 'galón', unitPrice: '31.00' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ field: 'items.0.id', code: 'unknown_code' }]);
    const audit = await t.database.db.execute<{ changes: Record<string, unknown> }>(
      sql`select changes from audit_log where entity = 'provider_agreement' and entity_id = ${a.id} and action = 'update'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(Object.keys(audit.rows[0]!.changes)).toEqual(['items']);
  });

  it("does not show or edit another provider's agreement", async () => {
    const other = await newProvider(NITS[2]!);
    const a = await create({ reference: 'CM-OTHER' }, other.id);
    expect((await admin.get(`/api/providers/${provider.id}/agreements/${a.id}`)).statusCode).toBe(404);
    const put = await admin.put(`/api/providers/${provider.id}/agreements/${a.id}`, { ...body(), version: 1 });
    expect(put.statusCode).toBe(404);
  });

  it('tells scheduled, valid (both ends included), expired and inactive agreements apart', () => {
    const a = { active: true, validFrom: '2027-01-01', validUntil: '2027-12-31' };
    expect(agreementState(a, '2026-12-31')).toBe('scheduled');
    expect(agreementState(a, '2027-01-01')).toBe('valid');
    expect(agreementState(a, '2027-12-31')).toBe('valid');
    expect(agreementState(a, '2028-01-01')).toBe('expired');
    expect(agreementState({ ...a, active: false }, '2027-06-01')).toBe('inactive');
  });

  it('answers only holders of configuracion_proveedores', async () => {
    const adminToken = await login(t.app);
    const other = await createUser(t.app, adminToken, ['configuracion', 'configuracion_vales'], 'agree');
    const res = await as(t.app, other.token).get(`/api/providers/${provider.id}/agreements`);
    expect(res.statusCode).toBe(403);
  });
});
