import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, countRows, createUser, login, personBody, type TestApp } from '../../../../test/helpers.ts';
import { multipartFile } from '../../../../test/multipart.ts';

const KEYS = ['poblacion', 'poblacion_poblacion', 'poblacion_actividades'];

describe('activity photos and image-use consent', () => {
  let t: TestApp;
  let facilitator: Awaited<ReturnType<typeof createUser>>;
  let colleague: Awaited<ReturnType<typeof createUser>>;
  let manager: Awaited<ReturnType<typeof createUser>>;
  let activityId: string;
  let photoId: string;
  let ana: string;
  let beto: string;
  let stranger: string;
  let notInActivity: string;

  const photoOf = async (token: string) =>
    (await as(t.app, token).get(`/api/population/activities/${activityId}`)).json().data.photos[0];
  const thumb = (token: string) => as(t.app, token).get(`/api/population/activity-photos/${photoId}?size=thumb`);
  const tag = (token: string, personIds: string[], reason?: string) =>
    as(t.app, token).put(`/api/population/activities/${activityId}/photos/${photoId}/persons`, { personIds, reason });
  const consent = (personId: string, granted: boolean, token = facilitator.token) =>
    as(t.app, token).put(`/api/population/persons/${personId}/consents`, {
      kind: 'image_use',
      granted,
      givenOn: '2026-11-01',
      givenBy: 'self',
    });
  const audits = async (action: string, entityId: string) =>
    Number(
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from audit_log where action = ${action} and entity_id = ${entityId}`,
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    const adminToken = await login(t.app);
    facilitator = await createUser(t.app, adminToken, KEYS, 'facilitator');
    colleague = await createUser(t.app, adminToken, KEYS, 'colleague');
    manager = await createUser(t.app, adminToken, [...KEYS, 'poblacion_actividades_gestion'], 'manager');
    const create = async (token: string, names: string) =>
      (await as(t.app, token).post('/api/population/persons', personBody({ names }))).json().data.id as string;
    ana = await create(facilitator.token, 'Ana');
    beto = await create(facilitator.token, 'Beto');
    notInActivity = await create(facilitator.token, 'Carla');
    stranger = await create(colleague.token, 'Desconocida');
    for (const id of [ana, beto]) {
      await as(t.app, facilitator.token).post(`/api/population/persons/${id}/grants`, {
        userId: colleague.id,
        canRead: true,
        canWrite: false,
        reason: 'Apoya el taller',
      });
      await as(t.app, facilitator.token).post(`/api/population/persons/${id}/grants`, {
        userId: manager.id,
        canRead: true,
        canWrite: false,
        reason: 'Coordina actividades',
      });
    }
    await as(t.app, colleague.token).post(`/api/population/persons/${stranger}/grants`, {
      userId: manager.id,
      canRead: true,
      canWrite: false,
      reason: 'Coordina actividades',
    });
    // The colleague co-facilitates long enough to attach their own person, then steps down (only editors attach).
    const fields = {
      name: 'Taller de dibujo',
      activityType: 'TALLER',
      startsAt: '2026-11-20T09:00',
      state: '07',
      town: '0701',
    };
    const activity = await as(t.app, facilitator.token).post('/api/population/activities', {
      ...fields,
      facilitatorIds: [facilitator.id, colleague.id],
    });
    activityId = activity.json().data.id;
    for (const id of [ana, beto])
      await as(t.app, facilitator.token).post(`/api/population/activities/${activityId}/participants`, {
        personId: id,
      });
    expect(
      (
        await as(t.app, colleague.token).post(`/api/population/activities/${activityId}/participants`, {
          personId: stranger,
        })
      ).statusCode,
    ).toBe(200);
    const version = (await as(t.app, facilitator.token).get(`/api/population/activities/${activityId}`)).json().data
      .version;
    expect(
      (
        await as(t.app, facilitator.token).put(`/api/population/activities/${activityId}`, {
          ...fields,
          facilitatorIds: [facilitator.id],
          version,
        })
      ).statusCode,
    ).toBe(200);
    expect((await consent(stranger, true, colleague.token)).statusCode).toBe(200);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#e76f51' } })
      .jpeg()
      .toBuffer();
    const m = multipartFile('photo', 'grupo.jpg', jpeg, 'image/jpeg');
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/population/activities/${activityId}/photos`,
      headers: { ...m.headers, authorization: `Bearer ${facilitator.token}` },
      payload: m.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    photoId = upload.json().data.photos[0].id;
  });
  afterAll(() => t.close());

  it('hides a new photo while a participant lacks image consent and nobody has said who is in it', async () => {
    // The colleague could not give consent for 'stranger' here: the facilitator cannot write on them.
    expect((await consent(stranger, true)).statusCode).toBe(403);
    expect(await photoOf(colleague.token)).toMatchObject({
      hidden: true,
      canView: false,
      reviewed: false,
      persons: [],
    });
    const refused = await thumb(colleague.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('photo_hidden');
    // The facilitator was there: they may open it (to tag it), and opening the full size is audited.
    expect(await photoOf(facilitator.token)).toMatchObject({ hidden: true, canView: true });
    expect((await thumb(facilitator.token)).statusCode).toBe(200);
    const opened = await audits('photo_view_hidden', activityId);
    expect((await as(t.app, facilitator.token).get(`/api/population/activity-photos/${photoId}`)).statusCode).toBe(200);
    expect(await audits('photo_view_hidden', activityId)).toBe(opened + 1);
    // The colleague is neither its creator nor a facilitator: they may not tag it at all.
    expect((await tag(colleague.token, [ana])).json().code).toBe('activity_not_editable');
  });

  it('shows the photo once everyone tagged in it has consent, and hides it again when consent is withdrawn', async () => {
    expect((await consent(ana, true)).statusCode).toBe(200);
    const tagged = await tag(facilitator.token, [ana]);
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json().data.participants.find((p: { personId: string }) => p.personId === beto).imageConsent).toBe(
      false,
    );
    expect(await photoOf(colleague.token)).toMatchObject({
      hidden: false,
      canView: true,
      reviewed: true,
      persons: [{ personId: ana, names: 'Ana', imageConsent: true }],
    });
    expect((await thumb(colleague.token)).statusCode).toBe(200);
    expect(await audits('photo_tag', ana)).toBe(1);
    // Ana's history reads as names: the activity she joined and was tagged in.
    const history = (
      await as(t.app, facilitator.token).get(`/api/population/persons/${ana}/history?pageSize=100`)
    ).json().data.items as { action: string; names: Record<string, string> }[];
    expect(history.find((h) => h.action === 'photo_tag')!.names).toEqual({ [activityId]: 'Taller de dibujo' });
    expect(history.find((h) => h.action === 'activity_join')!.names).toEqual({ [activityId]: 'Taller de dibujo' });

    expect((await tag(facilitator.token, [ana, beto])).json().data.photos[0].hidden).toBe(true);
    expect((await thumb(colleague.token)).statusCode).toBe(403);
    // Untagging Beto would show the hidden photo: only a manager may, with a reason (issue 9 item 2).
    expect((await tag(facilitator.token, [ana], 'Beto no sale')).json().code).toBe('activity_manager_required');
    expect((await tag(manager.token, [ana], 'Beto no sale en la foto, revisado con la facilitadora')).statusCode).toBe(
      200,
    );
    expect(await audits('photo_untag', beto)).toBe(1);
    expect((await thumb(colleague.token)).statusCode).toBe(200);

    await consent(ana, false);
    expect(await photoOf(colleague.token)).toMatchObject({ hidden: true, canView: false });
    await consent(ana, true);
  });

  it('tags only participants the caller may read, keeping the tags of persons they may not read', async () => {
    const rows = await countRows(t.database, 'activity_photo_persons');
    const outsider = await tag(facilitator.token, [ana, notInActivity]);
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors).toEqual([{ field: 'personIds.1', code: 'not_a_participant' }]);
    const unreadable = await tag(facilitator.token, [stranger]);
    expect(unreadable.statusCode).toBe(403);
    expect(unreadable.json().code).toBe('no_person_access');
    expect(await countRows(t.database, 'activity_photo_persons')).toBe(rows);

    // The manager (who may read all three) adds 'stranger'; the facilitator sees one restricted tag and cannot drop it.
    expect((await tag(manager.token, [ana, stranger])).statusCode).toBe(200);
    const seen = await photoOf(facilitator.token);
    expect(seen).toMatchObject({ hidden: false, restrictedPersons: 1 });
    expect(JSON.stringify(seen)).not.toContain('Desconocida');
    await tag(facilitator.token, []);
    expect(await photoOf(colleague.token)).toMatchObject({
      persons: [expect.objectContaining({ personId: stranger })],
      restrictedPersons: 0,
    });
  });

  it('drops a person from every photo when they leave the activity', async () => {
    await tag(facilitator.token, [ana]);
    expect(await countRows(t.database, 'activity_photo_persons')).toBe(2);
    await as(t.app, facilitator.token).delete(`/api/population/activities/${activityId}/participants/${ana}`);
    const photo = await photoOf(colleague.token);
    expect(photo.persons.map((p: { personId: string }) => p.personId)).toEqual([stranger]);
    // Beto (still a participant without consent) is not tagged and the photo is reviewed, so it shows.
    expect(photo.hidden).toBe(false);
  });
});

describe('issue 9 item 2: who may edit an activity, and untagging hidden photos', () => {
  let t: TestApp;
  let facilitator: Awaited<ReturnType<typeof createUser>>;
  let outsider: Awaited<ReturnType<typeof createUser>>;
  let manager: Awaited<ReturnType<typeof createUser>>;
  let activityId: string;
  let ana: string;
  let beto: string;
  let jpeg: Buffer;
  const fields = {
    name: 'Taller de música',
    activityType: 'TALLER',
    startsAt: '2026-11-21T09:00',
    state: '07',
    town: '0701',
  };

  const get = async (token: string) =>
    (await as(t.app, token).get(`/api/population/activities/${activityId}`)).json().data;
  const thumb = (token: string, photoId: string) =>
    as(t.app, token).get(`/api/population/activity-photos/${photoId}?size=thumb`);
  const tag = (token: string, photoId: string, personIds: string[], reason?: string) =>
    as(t.app, token).put(`/api/population/activities/${activityId}/photos/${photoId}/persons`, { personIds, reason });
  const upload = (token: string) => {
    const m = multipartFile('photo', 'grupo.jpg', jpeg, 'image/jpeg');
    return t.app.inject({
      method: 'POST',
      url: `/api/population/activities/${activityId}/photos`,
      headers: { ...m.headers, authorization: `Bearer ${token}` },
      payload: m.payload,
    });
  };
  const history = async (personId: string) =>
    (await as(t.app, facilitator.token).get(`/api/population/persons/${personId}/history?pageSize=100`)).json().data
      .items as { action: string; changes: Record<string, { after: unknown }> }[];

  beforeAll(async () => {
    t = await buildTestApp();
    const adminToken = await login(t.app);
    facilitator = await createUser(t.app, adminToken, KEYS, 'facilitator');
    outsider = await createUser(t.app, adminToken, KEYS, 'outsider');
    manager = await createUser(t.app, adminToken, [...KEYS, 'poblacion_actividades_gestion'], 'manager');
    const create = async (names: string) =>
      (await as(t.app, facilitator.token).post('/api/population/persons', personBody({ names }))).json().data
        .id as string;
    ana = await create('Ana');
    beto = await create('Beto');
    // The outsider may read both children: only the missing consent keeps the photo from them.
    for (const id of [ana, beto]) {
      for (const user of [outsider, manager]) {
        await as(t.app, facilitator.token).post(`/api/population/persons/${id}/grants`, {
          userId: user.id,
          canRead: true,
          canWrite: false,
          reason: 'Apoya el taller',
        });
      }
    }
    await as(t.app, facilitator.token).put(`/api/population/persons/${ana}/consents`, {
      kind: 'image_use',
      granted: true,
      givenOn: '2026-11-01',
      givenBy: 'self',
    });
    activityId = (
      await as(t.app, facilitator.token).post('/api/population/activities', {
        ...fields,
        facilitatorIds: [facilitator.id],
      })
    ).json().data.id;
    for (const id of [ana, beto])
      await as(t.app, facilitator.token).post(`/api/population/activities/${activityId}/participants`, {
        personId: id,
      });
    jpeg = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#264653' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('tells each caller what they may do', async () => {
    expect(await get(facilitator.token)).toMatchObject({ canEdit: true, canManage: false });
    expect(await get(outsider.token)).toMatchObject({ canEdit: false, canManage: false });
    expect(await get(manager.token)).toMatchObject({ canEdit: true, canManage: true });
  });

  it('refuses an outsider who names themself facilitator, and the hidden photo stays hidden to them', async () => {
    const photoId = (await upload(facilitator.token)).json().data.photos[0].id as string;
    expect((await get(outsider.token)).photos[0]).toMatchObject({ hidden: true, canView: false });
    const { version } = await get(facilitator.token);
    const selfAdd = await as(t.app, outsider.token).put(`/api/population/activities/${activityId}`, {
      ...fields,
      facilitatorIds: [facilitator.id, outsider.id],
      version,
    });
    expect(selfAdd.statusCode).toBe(403);
    expect(selfAdd.json().code).toBe('activity_not_editable');
    expect((await get(facilitator.token)).facilitators.map((f: { id: string }) => f.id)).toEqual([facilitator.id]);
    expect((await get(outsider.token)).photos[0]).toMatchObject({ hidden: true, canView: false });
    expect((await thumb(outsider.token, photoId)).statusCode).toBe(403);
    // Every other write on the activity is refused too, and nothing changes.
    const photos = await countRows(t.database, 'activity_photos');
    const writes = [
      await upload(outsider.token),
      await tag(outsider.token, photoId, [ana]),
      await as(t.app, outsider.token).delete(`/api/population/activities/${activityId}/photos/${photoId}`),
      await as(t.app, outsider.token).delete(`/api/population/activities/${activityId}/participants/${beto}`),
      await as(t.app, outsider.token).post(`/api/population/activities/${activityId}/participants`, { personId: beto }),
      await as(t.app, outsider.token).delete(`/api/population/activities/${activityId}`),
    ];
    expect(writes.map((r) => [r.statusCode, r.json().code])).toEqual(writes.map(() => [403, 'activity_not_editable']));
    expect(await countRows(t.database, 'activity_photos')).toBe(photos);
    expect((await get(facilitator.token)).participants).toHaveLength(2);
  });

  it('lets only a manager name themself facilitator of an existing activity', async () => {
    const creator = await createUser(t.app, await login(t.app), KEYS, 'creator');
    const own = (
      await as(t.app, creator.token).post('/api/population/activities', { ...fields, facilitatorIds: [facilitator.id] })
    ).json().data;
    const selfAdd = await as(t.app, creator.token).put(`/api/population/activities/${own.id}`, {
      ...fields,
      facilitatorIds: [facilitator.id, creator.id],
      version: own.version,
    });
    expect(selfAdd.statusCode).toBe(400);
    expect(selfAdd.json().errors).toEqual([{ field: 'facilitatorIds.1', code: 'self_facilitator' }]);
    const byManager = await as(t.app, manager.token).put(`/api/population/activities/${own.id}`, {
      ...fields,
      facilitatorIds: [facilitator.id, manager.id],
      version: own.version,
    });
    expect(byManager.statusCode, byManager.body).toBe(200);
  });

  it('refuses a facilitator who clears or untags a hidden photo, or removes the child who hides it', async () => {
    const photoId = (await upload(facilitator.token)).json().data.photos.at(-1).id as string;
    // Unreviewed and hidden (Beto lacks consent): saying nobody is in it would show it.
    const cleared = await tag(facilitator.token, photoId, [], 'No sale nadie');
    expect(cleared.statusCode).toBe(403);
    expect(cleared.json().code).toBe('activity_manager_required');
    expect((await thumb(outsider.token, photoId)).statusCode).toBe(403);
    // Adding tags stays open to facilitators; removing one from the hidden photo does not.
    expect((await tag(facilitator.token, photoId, [ana, beto])).statusCode).toBe(200);
    const untagged = await tag(facilitator.token, photoId, [ana], 'Beto no sale');
    expect(untagged.statusCode).toBe(403);
    expect(untagged.json().code).toBe('activity_manager_required');
    // Removing Beto from the activity would drop his tag with him.
    const removed = await as(t.app, facilitator.token).delete(
      `/api/population/activities/${activityId}/participants/${beto}`,
    );
    expect(removed.statusCode).toBe(409);
    expect(removed.json().code).toBe('photo_would_show');
    const seen = (await get(outsider.token)).photos.find((p: { id: string }) => p.id === photoId);
    expect(seen).toMatchObject({ hidden: true, canView: false });
    expect(seen.persons.map((p: { personId: string }) => p.personId).sort()).toEqual([ana, beto].sort());
    expect((await thumb(outsider.token, photoId)).statusCode).toBe(403);
  });

  it('lets a manager untag a hidden photo with a reason, recorded on the person', async () => {
    const photoId = (await get(facilitator.token)).photos.at(-1).id as string;
    const noReason = await tag(manager.token, photoId, [ana]);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ field: 'reason', code: 'required' }]);
    expect((await tag(manager.token, photoId, [ana], 'x'.repeat(501))).statusCode).toBe(400);
    const reason = 'Beto salió de cuadro antes de la foto, confirmado con la facilitadora';
    const done = await tag(manager.token, photoId, [ana], reason);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.photos.find((p: { id: string }) => p.id === photoId)).toMatchObject({ hidden: false });
    expect((await thumb(outsider.token, photoId)).statusCode).toBe(200);
    const untag = (await history(beto)).find((h) => h.action === 'photo_untag');
    expect(untag?.changes.reason?.after).toBe(reason);
    expect(untag?.changes.activityPhoto?.after).toBeNull();

    // The first photo, never reviewed and hidden for Beto: the manager says nobody is in it; Beto's history says so.
    const first = (await get(facilitator.token)).photos[0].id as string;
    expect((await tag(manager.token, first, [], 'Foto del salón vacío')).statusCode).toBe(200);
    const marked = (await history(beto)).find((h) => h.action === 'photo_marked_empty');
    expect(marked?.changes.reason?.after).toBe('Foto del salón vacío');
    expect((await history(ana)).some((h) => h.action === 'photo_marked_empty')).toBe(false);
  });

  it('keeps an unreviewed photo hidden when the participant lacking consent is deleted from the registry', async () => {
    const carla = (
      await as(t.app, facilitator.token).post('/api/population/persons', personBody({ names: 'Carla' }))
    ).json().data.id as string;
    const other = (
      await as(t.app, facilitator.token).post('/api/population/activities', {
        ...fields,
        name: 'Taller de teatro',
        facilitatorIds: [facilitator.id],
      })
    ).json().data.id as string;
    for (const id of [ana, carla])
      await as(t.app, facilitator.token).post(`/api/population/activities/${other}/participants`, { personId: id });
    const m = multipartFile('photo', 'grupo.jpg', jpeg, 'image/jpeg');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/population/activities/${other}/photos`,
      headers: { ...m.headers, authorization: `Bearer ${facilitator.token}` },
      payload: m.payload,
    });
    const photoId = uploaded.json().data.photos[0].id as string;
    expect((await thumb(outsider.token, photoId)).statusCode).toBe(403);
    expect((await as(t.app, facilitator.token).delete(`/api/population/persons/${carla}`)).statusCode).toBe(200);
    expect(
      (await as(t.app, outsider.token).get(`/api/population/activities/${other}`)).json().data.photos[0],
    ).toMatchObject({ hidden: true, canView: false });
    expect((await thumb(outsider.token, photoId)).statusCode).toBe(403);
  });
});
