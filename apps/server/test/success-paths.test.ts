import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, personBody, type TestApp } from './helpers.ts';
import { multipartFile, PNG_FIXTURE } from './multipart.ts';

/**
 * The success of routes the rest of the suite only tested for refusals
 * (issue 10 item 7; `test/route-coverage.ts` lists any route still without a
 * 2xx). Each test builds its own records and checks the effect, not only the
 * status: the row changed, the audit entry was written.
 */
describe('success paths', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  const auditCount = async (entityId: string, action: string) =>
    Number(
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from audit_log where entity_id = ${entityId} and action = ${action}`,
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
  });
  afterAll(() => t.close());

  const newPerson = async () => {
    const res = await admin.post('/api/population/persons', personBody());
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };

  it('lists, reads and deletes a headquarter', async () => {
    const code = `S-${Date.now() % 1_000_000}`;
    const created = await admin.post('/api/headquarters', { code, name: 'Sede de prueba', country: 'GT', state: '07' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    const list = await admin.get('/api/headquarters');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((h: { code: string }) => h.code)).toContain(code);
    const one = await admin.get(`/api/headquarters/${id}`);
    expect(one.json().data).toMatchObject({ id, code, name: 'Sede de prueba', state: '07' });
    expect((await admin.delete(`/api/headquarters/${id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/headquarters/${id}`)).statusCode).toBe(404);
    expect(await auditCount(id, 'delete')).toBe(1);
  });

  it('reads and deletes a role no user holds', async () => {
    const slug = `r-${Date.now() % 1_000_000}`;
    const created = await admin.post('/api/roles', { slug, name: `Rol ${slug}`, permissions: ['poblacion'] });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    expect((await admin.get(`/api/roles/${id}`)).json().data).toMatchObject({ id, slug, permissions: ['poblacion'] });
    expect((await admin.delete(`/api/roles/${id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/roles/${id}`)).statusCode).toBe(404);
    expect(await auditCount(id, 'delete')).toBe(1);
  });

  it("uploads a user's photo and serves it back as an image", async () => {
    const user = await createUser(t.app, await login(t.app), ['poblacion'], 'photo');
    const { payload, headers } = multipartFile('photo', 'p.png', PNG_FIXTURE(), 'image/png');
    const put = await as(t.app, adminToken).put(`/api/users/${user.id}/photo`, payload, { headers });
    expect(put.statusCode, put.body).toBe(200);
    const got = await admin.get(`/api/users/${user.id}/photo`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/^image\/(png|jpeg)/);
    expect((await sharp(got.rawPayload).metadata()).width).toBeGreaterThan(0);
  });

  it('answers the public app settings and the grantable users lookup', async () => {
    const info = await as(t.app, null).get('/api/app-info');
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toHaveProperty('testBanner');
    const user = await createUser(t.app, await login(t.app), ['poblacion_poblacion'], 'lookup');
    const found = await admin.get(`/api/population/users?q=${encodeURIComponent(user.username)}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((u: { id: string }) => u.id)).toContain(user.id);
  });

  it('lists group activities', async () => {
    const me = (await admin.post('/api/user-check')).json().data.user.id as string;
    const created = await admin.post('/api/population/activities', {
      name: 'Taller de lectura',
      activityType: 'TALLER',
      startsAt: '2026-11-02T09:00',
      state: '07',
      town: '0701',
      facilitatorIds: [me],
      unregistered: [],
    });
    expect(created.statusCode, created.body).toBe(200);
    const list = await admin.get('/api/population/activities?q=lectura');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((a: { id: string }) => a.id)).toContain(created.json().data.id);
  });

  it('updates and deletes an attention, auditing both', async () => {
    const personId = await newPerson();
    const me = (await admin.post('/api/user-check')).json().data.user.id as string;
    const created = await admin.post(`/api/population/persons/${personId}/attentions`, {
      attendedAt: '2026-10-01T09:30',
      professionalId: me,
      area: 'PSICOLOGIA',
      modality: 'INDIVIDUAL',
      durationMinutes: 50,
      summary: 'Primera sesión.',
    });
    expect(created.statusCode, created.body).toBe(200);
    const attention = created.json().data as { id: string; version: number };
    const url = `/api/population/persons/${personId}/attentions/${attention.id}`;
    const updated = await admin.put(url, {
      attendedAt: '2026-10-01T10:00',
      professionalId: me,
      area: 'PSICOLOGIA',
      modality: 'INDIVIDUAL',
      durationMinutes: 60,
      summary: 'Primera sesión, ampliada.',
      version: attention.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ durationMinutes: 60, attendedAt: '2026-10-01T10:00' });
    expect((await admin.delete(url)).statusCode).toBe(200);
    expect((await admin.get(`/api/population/persons/${personId}/attentions`)).json().data.items).toEqual([]);
    expect(await auditCount(personId, 'attention_update')).toBe(1);
    expect(await auditCount(personId, 'attention_delete')).toBe(1);
  });

  it('updates and deletes an alleged perpetrator, auditing both', async () => {
    const personId = await newPerson();
    const created = await admin.post(`/api/population/persons/${personId}/perpetrators`, {
      names: 'Zacarías Mendoza',
      thematic: ['MALTRATO_FISICO'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const perpetrator = created.json().data as { id: string; version: number };
    const url = `/api/population/persons/${personId}/perpetrators/${perpetrator.id}`;
    const updated = await admin.put(url, {
      names: 'Zacarías Mendoza',
      alias: 'El Tío',
      thematic: ['MALTRATO_FISICO'],
      version: perpetrator.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ alias: 'El Tío' });
    expect((await admin.delete(url)).statusCode).toBe(200);
    expect((await admin.get(`/api/population/persons/${personId}/perpetrators`)).json().data).toEqual([]);
    expect(await auditCount(personId, 'perpetrator_update')).toBe(1);
    expect(await auditCount(personId, 'perpetrator_delete')).toBe(1);
  });
});
