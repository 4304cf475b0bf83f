import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, countRows, createUser, login, personBody, type TestApp } from '../../../../test/helpers.ts';

const POBLACION = ['poblacion', 'poblacion_poblacion'];

describe('case file: linked people, perpetrators, attentions', () => {
  let t: TestApp;
  let adminToken: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let reader: Awaited<ReturnType<typeof createUser>>;
  let stranger: Awaited<ReturnType<typeof createUser>>;
  let childId: string;
  let motherId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    owner = await createUser(t.app, adminToken, POBLACION, 'owner');
    reader = await createUser(t.app, adminToken, POBLACION, 'reader');
    stranger = await createUser(t.app, adminToken, POBLACION, 'stranger');
    childId = (
      await as(t.app, owner.token).post(
        '/api/population/persons',
        personBody({ names: 'Lucía', lastNames: 'Caal Pop' }),
      )
    ).json().data.id;
    motherId = (
      await as(t.app, owner.token).post(
        '/api/population/persons',
        personBody({ names: 'Rosa', lastNames: 'Pop Choc', birthDate: '1990-01-01' }),
      )
    ).json().data.id;
    await as(t.app, owner.token).post(`/api/population/persons/${childId}/grants`, {
      userId: reader.id,
      canRead: true,
      canWrite: false,
      reason: 'Seguimiento',
    });
  });
  afterAll(() => t.close());

  it('links an outside person and a registered person; the registered link shows on both files', async () => {
    const client = as(t.app, owner.token);
    const outside = await client.post(`/api/population/persons/${childId}/links`, {
      names: 'Pedro',
      lastNames: 'Caal',
      sex: 'M',
      age: 70,
      bond: 'ABUELO',
      livesWith: true,
    });
    expect(outside.statusCode, outside.body).toBe(200);
    const registered = await client.post(`/api/population/persons/${childId}/links`, {
      linkedPersonId: motherId,
      bond: 'MADRE',
      livesWith: true,
      legalGuardian: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const links = registered.json().data as {
      direction: string;
      names: string | null;
      otherPersonId: string | null;
      bond: string;
    }[];
    expect(links).toHaveLength(2);
    expect(links).toContainEqual(
      expect.objectContaining({ direction: 'outgoing', otherPersonId: motherId, names: 'Rosa', bond: 'MADRE' }),
    );
    expect(links).toContainEqual(
      expect.objectContaining({ direction: 'outgoing', otherPersonId: null, names: 'Pedro', bond: 'ABUELO' }),
    );

    const onMother = (await client.get(`/api/population/persons/${motherId}/links`)).json().data;
    expect(onMother).toEqual([
      expect.objectContaining({ direction: 'incoming', otherPersonId: childId, names: 'Lucía', bond: 'MADRE' }),
    ]);
  });

  it('hides the other person from a reader who holds no grant on them', async () => {
    const links = (await as(t.app, reader.token).get(`/api/population/persons/${childId}/links`)).json().data as {
      otherPersonId: string | null;
      otherPersonRestricted: boolean;
      names: string | null;
    }[];
    const toMother = links.find((l) => l.otherPersonId === motherId)!;
    expect(toMother).toMatchObject({ otherPersonRestricted: true, names: null });
  });

  it('refuses to attach a person the user may not see, a duplicate, and writes by a reader', async () => {
    const hidden = (
      await as(t.app, stranger.token).post('/api/population/persons', personBody({ names: 'Oculta' }))
    ).json().data.id;
    const before = await countRows(t.database, 'person_links');
    const res = await as(t.app, owner.token).post(`/api/population/persons/${childId}/links`, {
      linkedPersonId: hidden,
      bond: 'HERMANO',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('no_person_access');
    const dup = await as(t.app, owner.token).post(`/api/population/persons/${childId}/links`, {
      linkedPersonId: motherId,
      bond: 'TUTOR',
    });
    expect(dup.statusCode).toBe(409);
    const byReader = await as(t.app, reader.token).post(`/api/population/persons/${childId}/links`, {
      names: 'X',
      lastNames: 'Y',
      bond: 'TIO',
    });
    expect(byReader.statusCode).toBe(403);
    const missing = await as(t.app, owner.token).post(`/api/population/persons/${childId}/links`, { bond: 'TIO' });
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'names', code: 'required' },
        { field: 'lastNames', code: 'required' },
      ]),
    );
    expect(await countRows(t.database, 'person_links')).toBe(before);
  });

  it('updates a link with its version (409 when stale) and deletes it', async () => {
    const client = as(t.app, owner.token);
    const link = (await client.get(`/api/population/persons/${childId}/links`))
      .json()
      .data.find((l: { names: string }) => l.names === 'Pedro');
    const body = {
      names: 'Pedro',
      lastNames: 'Caal Xol',
      sex: 'M',
      age: 71,
      bond: 'ABUELO',
      livesWith: false,
      version: link.version,
    };
    expect((await client.put(`/api/population/persons/${childId}/links/${link.id}`, body)).statusCode).toBe(200);
    expect((await client.put(`/api/population/persons/${childId}/links/${link.id}`, body)).statusCode).toBe(409);
    expect((await client.delete(`/api/population/persons/${childId}/links/${link.id}`)).statusCode).toBe(200);
    const left = (await client.get(`/api/population/persons/${childId}/links`)).json().data;
    expect(left.map((l: { names: string }) => l.names)).not.toContain('Pedro');
  });

  it('records perpetrators, audits every view, and never exposes them in lists or search', async () => {
    const client = as(t.app, owner.token);
    const notReported = await client.post(`/api/population/persons/${childId}/perpetrators`, {
      names: 'Zacarías Mendoza',
      thematic: ['MALTRATO_FISICO'],
      reported: true,
    });
    expect(notReported.json().errors).toContainEqual({ field: 'reportedTo', code: 'select_at_least_one' });
    const created = await client.post(`/api/population/persons/${childId}/perpetrators`, {
      names: 'Zacarías Mendoza',
      sex: 'M',
      approximateAge: 40,
      bond: 'PADRASTRO',
      thematic: ['MALTRATO_FISICO'],
      reported: true,
      reportedTo: ['MP'],
      caseNumber: 'MP-001-2026-123',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(
      (await as(t.app, reader.token).get(`/api/population/persons/${childId}/perpetrators`)).json().data,
    ).toHaveLength(1);
    expect((await as(t.app, stranger.token).get(`/api/population/persons/${childId}/perpetrators`)).statusCode).toBe(
      403,
    );
    expect(
      (
        await as(t.app, reader.token).post(`/api/population/persons/${childId}/perpetrators`, {
          alias: 'El Tío',
          thematic: ['NEGLIGENCIA'],
        })
      ).statusCode,
    ).toBe(403);
    // The person list and search never carry perpetrators.
    const search = (await client.get('/api/population/persons?q=zacarias')).json().data;
    expect(search.total).toBe(0);
    expect(JSON.stringify((await client.get('/api/population/persons')).json())).not.toContain('Zacarías');
    const history = (await client.get(`/api/population/persons/${childId}/history?pageSize=100`)).json().data.items as {
      action: string;
      userName: string;
    }[];
    // The reader's look was recorded; the stranger's refused one was not.
    expect(history.filter((h) => h.action === 'view_perpetrators').map((h) => h.userName)).toEqual([
      expect.stringContaining('reader'),
    ]);
    expect(history.map((h) => h.action)).toContain('perpetrator_create');
  });

  it('records attentions by a professional, newest first, in Guatemala time', async () => {
    const client = as(t.app, owner.token);
    const first = await client.post(`/api/population/persons/${childId}/attentions`, {
      attendedAt: '2026-10-01T09:30',
      professionalId: reader.id,
      area: 'PSICOLOGIA',
      modality: 'INDIVIDUAL',
      durationMinutes: 50,
      summary: 'Primera sesión de contención.',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      attendedAt: '2026-10-01T09:30',
      professionalName: expect.stringContaining('reader'),
    });
    await client.post(`/api/population/persons/${childId}/attentions`, {
      attendedAt: '2026-10-08T15:00',
      professionalId: owner.id,
      area: 'TRABAJO_SOCIAL',
      modality: 'VISITA_DOMICILIARIA',
      durationMinutes: 90,
      summary: 'Visita al hogar.',
      nextFollowUp: '2026-10-22',
    });
    const list = (await as(t.app, reader.token).get(`/api/population/persons/${childId}/attentions`)).json().data;
    expect(list.total).toBe(2);
    expect(list.items.map((a: { attendedAt: string }) => a.attendedAt)).toEqual([
      '2026-10-08T15:00',
      '2026-10-01T09:30',
    ]);

    const bad = await client.post(`/api/population/persons/${childId}/attentions`, {
      attendedAt: '2026-10-01',
      professionalId: reader.id,
      area: 'NOPE',
      modality: 'INDIVIDUAL',
      durationMinutes: 0,
      summary: '',
    });
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'attendedAt', code: 'invalid' },
        { field: 'durationMinutes', code: 'too_small', params: { min: 1 } },
        { field: 'summary', code: 'required' },
      ]),
    );
    expect(
      (
        await as(t.app, reader.token).post(`/api/population/persons/${childId}/attentions`, {
          attendedAt: '2026-10-01T09:30',
          professionalId: reader.id,
          area: 'LEGAL',
          modality: 'INDIVIDUAL',
          durationMinutes: 30,
          summary: 'Intento',
        })
      ).statusCode,
    ).toBe(403);
  });

  it("lists a professional's own attentions, hiding persons they may no longer read", async () => {
    const mine = (await as(t.app, reader.token).get('/api/population/attentions/mine')).json().data;
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ personName: 'Lucía Caal Pop', personRestricted: false, area: 'PSICOLOGIA' });
    const grants = (await as(t.app, owner.token).get(`/api/population/persons/${childId}/grants`)).json().data;
    const readerGrant = grants.find((g: { userId: string }) => g.userId === reader.id);
    await as(t.app, owner.token).delete(`/api/population/persons/${childId}/grants/${readerGrant.id}`);
    const after = (await as(t.app, reader.token).get('/api/population/attentions/mine')).json().data;
    expect(after.items[0]).toMatchObject({ personName: null, personRestricted: true, summary: '' });
  });

  it('refuses to delete a person with case-file records, listing what blocks it', async () => {
    const res = await as(t.app, owner.token).delete(`/api/population/persons/${childId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'in_use' });
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'links', code: 'has_records', params: { count: 1 } },
        { field: 'perpetrators', code: 'has_records', params: { count: 1 } },
        { field: 'attentions', code: 'has_records', params: { count: 2 } },
      ]),
    );
    expect((await as(t.app, owner.token).get(`/api/population/persons/${childId}`)).statusCode).toBe(200);
  });
});
