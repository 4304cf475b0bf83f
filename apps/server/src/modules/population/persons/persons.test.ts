import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../../../db/seed/demo.ts';
import { as, buildTestApp, countRows, createUser, login, personBody, type TestApp } from '../../../../test/helpers.ts';

const POBLACION = ['poblacion', 'poblacion_poblacion'];

describe('population: registry, per-person grants and audit', () => {
  let t: TestApp;
  let adminToken: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let personId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    owner = await createUser(t.app, adminToken, POBLACION, 'owner');
    other = await createUser(t.app, adminToken, POBLACION, 'other');
    const res = await as(t.app, owner.token).post(
      '/api/population/persons',
      personBody({
        alias: 'Majo',
        externalFileNumber: 'PGN-2026-77',
        phones: ['5555-1234'],
        weightLbs: '60.5',
        heightM: 1.3,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    personId = res.json().data.id;
  });
  afterAll(() => t.close());

  it('registers every field, derives age and age group, keeps quantities as decimals', async () => {
    const res = await as(t.app, owner.token).get(`/api/population/persons/${personId}`);
    const p = res.json().data;
    expect(p).toMatchObject({
      names: 'María José',
      lastNames: 'Pérez López',
      alias: 'Majo',
      sex: 'F',
      state: '07',
      stateName: 'Sololá',
      town: '0701',
      townName: 'Sololá',
      weightLbs: '60.50',
      heightM: '1.30',
      phones: ['5555-1234'],
      thematic: ['NEGLIGENCIA'],
      ageGroup: expect.any(String),
      version: 1,
    });
    expect(p.fileCode).toMatch(/^EXP-\d{6}$/);
    expect(p.age).toBeGreaterThanOrEqual(11);
  });

  it('estimates a birth date from an age alone', async () => {
    const res = await as(t.app, owner.token).post(
      '/api/population/persons',
      personBody({ birthDate: null, age: 15, names: 'Ana', lastNames: 'Estimada' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ age: 15, ageGroup: 'ADOLESCENCIA', birthDateEstimated: true });
  });

  it('answers access as Y/N: administrator for the creator, all N for someone else', async () => {
    const mine = await as(t.app, owner.token).post(`/api/population/access/${personId}`);
    expect(mine.json()).toEqual({ success: true, data: { administrator: 'Y', can_read: 'Y', can_write: 'Y' } });
    const theirs = await as(t.app, other.token).post(`/api/population/access/${personId}`);
    expect(theirs.json().data).toEqual({ administrator: 'N', can_read: 'N', can_write: 'N' });
  });

  it('refuses get, update, list and search to a user without a grant', async () => {
    const client = as(t.app, other.token);
    expect((await client.get(`/api/population/persons/${personId}`)).json().code).toBe('no_person_access');
    const current = (await as(t.app, owner.token).get(`/api/population/persons/${personId}`)).json().data;
    const upd = await client.put(`/api/population/persons/${personId}`, { ...personBody(), version: current.version });
    expect(upd.statusCode).toBe(403);
    expect((await client.get('/api/population/persons')).json().data.items).toEqual([]);
    expect((await client.get('/api/population/persons?q=maria')).json().data.total).toBe(0);
    expect((await client.get('/api/population/persons/' + personId + '/history')).statusCode).toBe(403);
  });

  it('finds a person by accent-free search over names, alias and file number', async () => {
    const client = as(t.app, owner.token);
    for (const q of ['maria', 'PÉREZ', 'majo', 'pgn-2026', 'jose lopez']) {
      const res = await client.get(`/api/population/persons?q=${encodeURIComponent(q)}`);
      expect(
        res.json().data.items.map((i: { id: string }) => i.id),
        q,
      ).toContain(personId);
    }
    expect((await client.get('/api/population/persons?q=zzzz')).json().data.total).toBe(0);
    const short = await client.get('/api/population/persons?q=m');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toContainEqual({ field: 'q', code: 'search_too_short' });
  });

  it('filters by sex, age group, thematic, department and status', async () => {
    const client = as(t.app, owner.token);
    const ids = async (qs: string) =>
      (await client.get(`/api/population/persons?${qs}`)).json().data.items.map((i: { id: string }) => i.id);
    expect(await ids('sex=F')).toContain(personId);
    expect(await ids('sex=M')).not.toContain(personId);
    expect(await ids('thematic=NEGLIGENCIA')).toContain(personId);
    expect(await ids('thematic=TRATA')).not.toContain(personId);
    expect(await ids('state=07')).toContain(personId);
    expect(await ids('state=01')).not.toContain(personId);
    const group = (await client.get(`/api/population/persons/${personId}`)).json().data.ageGroup;
    expect(await ids(`ageGroup=${group}`)).toContain(personId);
    expect(await ids('ageGroup=ADULTO_MAYOR')).not.toContain(personId);
    expect(await ids('status=admitted')).toContain(personId);
    expect(await ids('status=departed')).not.toContain(personId);
  });

  it('a read grant opens the record but not writing; a write grant allows updating', async () => {
    const ownerClient = as(t.app, owner.token);
    const grant = await ownerClient.post(`/api/population/persons/${personId}/grants`, {
      userId: other.id,
      canRead: true,
      canWrite: false,
      reason: 'Seguimiento psicológico',
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const client = as(t.app, other.token);
    const read = await client.get(`/api/population/persons/${personId}`);
    expect(read.statusCode).toBe(200);
    expect((await client.get('/api/population/persons?q=maria')).json().data.total).toBe(1);
    const body = { ...personBody({ alias: 'Cambio' }), version: read.json().data.version };
    expect((await client.put(`/api/population/persons/${personId}`, body)).statusCode).toBe(403);

    await ownerClient.post(`/api/population/persons/${personId}/grants`, {
      userId: other.id,
      canRead: true,
      canWrite: true,
      reason: 'Caso compartido',
    });
    const upd = await client.put(`/api/population/persons/${personId}`, body);
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ alias: 'Cambio', version: body.version + 1 });
    // Grants are the administrator's to see and change.
    expect((await client.get(`/api/population/persons/${personId}/grants`)).statusCode).toBe(403);
  });

  it('lets a grant lapse by itself after its last day', async () => {
    const third = await createUser(t.app, adminToken, POBLACION, 'third');
    await as(t.app, owner.token).post(`/api/population/persons/${personId}/grants`, {
      userId: third.id,
      canRead: true,
      canWrite: false,
      reason: 'Visita',
      expiresOn: new Date().toISOString().slice(0, 10),
    });
    expect((await as(t.app, third.token).get(`/api/population/persons/${personId}`)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update person_grants set expires_on = current_date - 2 where user_id = ${third.id}`,
    );
    expect((await as(t.app, third.token).get(`/api/population/persons/${personId}`)).statusCode).toBe(403);
    expect((await as(t.app, third.token).get('/api/population/persons')).json().data.total).toBe(0);
  });

  it('runs the access-request flow: request, approve, then read', async () => {
    const asker = await createUser(t.app, adminToken, POBLACION, 'asker');
    const req = await as(t.app, asker.token).post(`/api/population/persons/${personId}/access-requests`, {
      reason: 'Atención legal del caso',
    });
    expect(req.statusCode, req.body).toBe(200);
    const dup = await as(t.app, asker.token).post(`/api/population/persons/${personId}/access-requests`, {
      reason: 'Otra vez',
    });
    expect(dup.statusCode).toBe(409);
    const pending = await as(t.app, owner.token).get('/api/population/access-requests');
    expect(pending.json().data.map((r: { id: string }) => r.id)).toContain(req.json().data.id);
    // Only an administrator of the person decides.
    expect(
      (
        await as(t.app, asker.token).post(`/api/population/access-requests/${req.json().data.id}/decision`, {
          approve: true,
        })
      ).statusCode,
    ).toBe(403);
    const decided = await as(t.app, owner.token).post(
      `/api/population/access-requests/${req.json().data.id}/decision`,
      { approve: true, note: 'De acuerdo' },
    );
    expect(decided.json().data.status).toBe('approved');
    expect((await as(t.app, asker.token).get(`/api/population/persons/${personId}`)).statusCode).toBe(200);
  });

  it('keeps one administrator: the last one cannot be revoked', async () => {
    const grants = (await as(t.app, owner.token).get(`/api/population/persons/${personId}/grants`)).json().data;
    const mine = grants.find((g: { userId: string }) => g.userId === owner.id);
    const res = await as(t.app, owner.token).delete(`/api/population/persons/${personId}/grants/${mine.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('last_administrator');
  });

  it('refuses to ask for access already held (409 duplicate), and accepts asking for more', async () => {
    const keeper = await createUser(t.app, adminToken, POBLACION, 'keeper');
    const id = (
      await as(t.app, keeper.token).post('/api/population/persons', personBody({ names: 'Consultada' }))
    ).json().data.id as string;
    const holder = await createUser(t.app, adminToken, POBLACION, 'holder');
    await as(t.app, keeper.token).post(`/api/population/persons/${id}/grants`, {
      userId: holder.id,
      canRead: true,
      canWrite: false,
      reason: 'Lectura',
    });
    const client = as(t.app, holder.token);
    const again = await client.post(`/api/population/persons/${id}/access-requests`, { reason: 'Leer otra vez' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('duplicate');
    const more = await client.post(`/api/population/persons/${id}/access-requests`, {
      reason: 'Escribir',
      canWrite: true,
    });
    expect(more.statusCode, more.body).toBe(200);
    // The keeper administers it: asking for anything is asking for what is held.
    const own = await as(t.app, keeper.token).post(`/api/population/persons/${id}/access-requests`, {
      reason: 'Todo',
      canWrite: true,
    });
    expect(own.statusCode).toBe(409);
  });

  it('treats a lapsed administrator grant as gone: flagged expired, not counted, not told, and removable', async () => {
    const keeper = await createUser(t.app, adminToken, POBLACION, 'keeper');
    const id = (await as(t.app, keeper.token).post('/api/population/persons', personBody({ names: 'Vencida' }))).json()
      .data.id as string;
    const former = await createUser(t.app, adminToken, POBLACION, 'former');
    const granted = await as(t.app, keeper.token).post(`/api/population/persons/${id}/grants`, {
      userId: former.id,
      canRead: true,
      canWrite: true,
      administrator: true,
      reason: 'Suplencia',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    // Its last day was two days ago (Guatemala is never two days away from the database's date).
    await t.database.db.execute(
      sql`update person_grants set expires_on = current_date - 2 where person_id = ${id} and user_id = ${former.id}`,
    );
    const keepers = as(t.app, keeper.token);
    const grants = (await keepers.get(`/api/population/persons/${id}/grants`)).json().data as {
      id: string;
      userId: string;
      expired: boolean;
    }[];
    expect(grants.find((g) => g.userId === former.id)).toMatchObject({ expired: true });
    expect(grants.find((g) => g.userId === keeper.id)).toMatchObject({ expired: false });
    // The keeper is the last live administrator: the lapsed grant does not stand in for them.
    const mine = grants.find((g) => g.userId === keeper.id)!;
    const leave = await keepers.delete(`/api/population/persons/${id}/grants/${mine.id}`);
    expect(leave.statusCode, leave.body).toBe(409);
    expect(leave.json().code).toBe('last_administrator');
    // A request is told to the live administrator only.
    const asker = await createUser(t.app, adminToken, POBLACION, 'asker');
    const asked = await as(t.app, asker.token).post(`/api/population/persons/${id}/access-requests`, {
      reason: 'Acompaño el caso',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const told = async (token: string) =>
      ((await as(t.app, token).get('/api/notifications')).json().data.items as { link: string }[]).filter(
        (n) => n.link === `/population/served/${id}`,
      ).length;
    expect(await told(keeper.token)).toBe(1);
    expect(await told(former.token)).toBe(0);
    // Nor does the lapsed grant hold its own removal up as if it were the last administrator.
    const gone = await keepers.delete(
      `/api/population/persons/${id}/grants/${grants.find((g) => g.userId === former.id)!.id}`,
    );
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('audits create, update and every opening, with before/after, visible to the administrator', async () => {
    const history = await as(t.app, owner.token).get(`/api/population/persons/${personId}/history?pageSize=100`);
    expect(history.statusCode).toBe(200);
    const entries = history.json().data.items as {
      action: string;
      userName: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }[];
    const actions = entries.map((e) => e.action);
    for (const a of ['create', 'view', 'update', 'grant', 'request_access', 'decide_access'])
      expect(actions).toContain(a);
    const update = entries.find((e) => e.action === 'update')!;
    expect(update.changes.alias).toEqual({ before: 'Majo', after: 'Cambio' });
    expect(Object.keys(update.changes)).not.toContain('version');
    expect(entries.find((e) => e.action === 'view')!.userName).toBeTruthy();
  });

  it('detects a stale version (409) and writes nothing', async () => {
    const current = (await as(t.app, owner.token).get(`/api/population/persons/${personId}`)).json().data;
    const audits = await countRows(t.database, 'audit_log');
    const res = await as(t.app, owner.token).put(`/api/population/persons/${personId}`, {
      ...personBody({ alias: 'Viejo' }),
      version: current.version - 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('version_conflict');
    expect(await countRows(t.database, 'audit_log')).toBe(audits);
    expect((await as(t.app, owner.token).get(`/api/population/persons/${personId}`)).json().data.alias).toBe(
      current.alias,
    );
  });

  it('soft-deletes for the administrator only, and the person leaves every list', async () => {
    const created = (
      await as(t.app, owner.token).post('/api/population/persons', personBody({ names: 'Para', lastNames: 'Borrar' }))
    ).json().data;
    await as(t.app, owner.token).post(`/api/population/persons/${created.id}/grants`, {
      userId: other.id,
      canRead: true,
      canWrite: true,
      reason: 'Prueba',
    });
    expect((await as(t.app, other.token).delete(`/api/population/persons/${created.id}`)).statusCode).toBe(403);
    expect((await as(t.app, owner.token).delete(`/api/population/persons/${created.id}`)).statusCode).toBe(200);
    expect((await as(t.app, owner.token).get(`/api/population/persons/${created.id}`)).statusCode).toBe(404);
    expect((await as(t.app, owner.token).get('/api/population/persons?q=borrar')).json().data.total).toBe(0);
  });

  it('counts for the dashboard only what the user may see', async () => {
    const mine = (await as(t.app, owner.token).get('/api/dashboard')).json().data;
    expect(mine.canSeePopulation).toBe(true);
    expect(mine.total).toBe(2);
    expect(mine.bySex).toContainEqual({ code: 'F', count: 2 });
    const stranger = await createUser(t.app, adminToken, POBLACION, 'stranger');
    expect((await as(t.app, stranger.token).get('/api/dashboard')).json().data.total).toBe(0);
    const noKey = await createUser(t.app, adminToken, [], 'nodash');
    expect((await as(t.app, noKey.token).get('/api/dashboard')).json().data).toMatchObject({
      canSeePopulation: false,
      total: 0,
    });
  });

  it('counts exactly up to a cap that grows with the page, and says when there are more', async () => {
    const bulk = await createUser(t.app, adminToken, POBLACION, 'bulk');
    await seedDemo(t.database.db, { persons: 230, owner: bulk.username });
    const client = as(t.app, bulk.token);
    const first = (await client.get('/api/population/persons?pageSize=25')).json().data;
    expect(first).toMatchObject({ total: 125, totalCapped: true });
    expect(first.items).toHaveLength(25);
    const fifth = (await client.get('/api/population/persons?pageSize=25&page=5')).json().data;
    expect(fifth).toMatchObject({ total: 225, totalCapped: true });
    const deep = (await client.get('/api/population/persons?pageSize=25&page=6')).json().data;
    expect(deep).toMatchObject({ total: 230, totalCapped: false });
    expect(deep.items).toHaveLength(25);
    const last = (await client.get('/api/population/persons?pageSize=25&page=10')).json().data;
    expect(last.items).toHaveLength(5);
    // A search counts one page ahead only: every demo person matches 'exp-'.
    const search = (await client.get('/api/population/persons?pageSize=25&q=exp-')).json().data;
    expect(search).toMatchObject({ total: 50, totalCapped: true });
  });
});
