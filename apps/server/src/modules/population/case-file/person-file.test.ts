import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  as,
  buildTestApp,
  countRows,
  createUser,
  login,
  personBody,
  waitUntil,
  type TestApp,
} from '../../../../test/helpers.ts';
import { multipartFile, streamedUpload } from '../../../../test/multipart.ts';

const POBLACION = ['poblacion', 'poblacion_poblacion'];

describe("person's file: periods, consents, photo", () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let reader: Awaited<ReturnType<typeof createUser>>;
  let personId: string;
  let stranger: Awaited<ReturnType<typeof createUser>>;
  let writer: Awaited<ReturnType<typeof createUser>>;

  const putPhoto = (token: string, content: Buffer, name = 'foto.png', id = personId) => {
    const m = multipartFile('photo', name, content, 'image/png');
    return t.app.inject({
      method: 'PUT',
      url: `/api/population/persons/${id}/photo`,
      headers: { ...m.headers, authorization: `Bearer ${token}` },
      payload: m.payload,
    });
  };
  const streamPhoto = (token: string, id: string, image: Buffer, first: number, headers?: Record<string, string>) =>
    streamedUpload(t.app, {
      method: 'PUT',
      url: `/api/population/persons/${id}/photo`,
      token,
      field: 'photo',
      content: image,
      type: 'image/png',
      first,
      headers,
    });
  /** Uploads being received (the store's temporary folder) and files stored under their key. */
  const staged = () => {
    const tmp = join(t.dataDir, 'files', 'tmp');
    return existsSync(tmp) ? readdirSync(tmp).length : 0;
  };
  const stored = () => {
    const root = join(t.dataDir, 'files');
    return existsSync(root)
      ? readdirSync(root, { recursive: true }).filter((f) => /^[0-9a-f]{64}$/.test(basename(String(f)))).length
      : 0;
  };
  const newPerson = async (names: string) =>
    (await as(t.app, owner.token).post('/api/population/persons', personBody({ names }))).json().data.id as string;
  const photoAudits = async (id: string) =>
    (
      await t.database.db.execute(
        sql`select 1 from audit_log where entity = 'person' and entity_id = ${id} and action = 'photo'`,
      )
    ).rows.length;

  beforeAll(async () => {
    t = await buildTestApp();
    const adminToken = await login(t.app);
    owner = await createUser(t.app, adminToken, POBLACION, 'owner');
    reader = await createUser(t.app, adminToken, POBLACION, 'reader');
    stranger = await createUser(t.app, adminToken, POBLACION, 'stranger');
    writer = await createUser(t.app, adminToken, POBLACION, 'writer');
    personId = (
      await as(t.app, owner.token).post('/api/population/persons', personBody({ admissionDate: '2024-02-01' }))
    ).json().data.id;
    await as(t.app, owner.token).post(`/api/population/persons/${personId}/grants`, {
      userId: reader.id,
      canRead: true,
      canWrite: false,
      reason: 'Seguimiento',
    });
  });
  afterAll(() => t.close());

  it('closes a file with a departure and re-admits into a new period, keeping the old one', async () => {
    const client = as(t.app, owner.token);
    let p = (await client.get(`/api/population/persons/${personId}`)).json().data;
    const stillIn = await client.post(`/api/population/persons/${personId}/readmission`, {
      admissionDate: '2026-01-10',
      version: p.version,
    });
    expect(stillIn.statusCode).toBe(400);
    const departed = await client.put(`/api/population/persons/${personId}`, {
      ...personBody({ admissionDate: '2024-02-01' }),
      departureDate: '2025-06-30',
      departureReason: 'REINTEGRACION_FAMILIAR',
      departureNote: 'Regresa con su abuela.',
      version: p.version,
    });
    expect(departed.statusCode, departed.body).toBe(200);
    p = departed.json().data;
    expect(p.departureReason).toBe('REINTEGRACION_FAMILIAR');
    const early = await client.post(`/api/population/persons/${personId}/readmission`, {
      admissionDate: '2025-01-01',
      version: p.version,
    });
    expect(early.json().errors).toContainEqual({ field: 'admissionDate', code: 'date_order' });
    const readmitted = await client.post(`/api/population/persons/${personId}/readmission`, {
      admissionDate: '2026-01-10',
      admissionReason: 'Nueva referencia',
      referrer: 'PGN',
      version: p.version,
    });
    expect(readmitted.statusCode, readmitted.body).toBe(200);
    expect(readmitted.json().data).toEqual([
      expect.objectContaining({
        admissionDate: '2024-02-01',
        departureDate: '2025-06-30',
        departureReason: 'REINTEGRACION_FAMILIAR',
        current: false,
      }),
      expect.objectContaining({ admissionDate: '2026-01-10', departureDate: null, referrer: 'PGN', current: true }),
    ]);
    // She is admitted again: another re-admission is refused.
    expect(
      (
        await client.post(`/api/population/persons/${personId}/readmission`, {
          admissionDate: '2026-02-01',
          version: p.version,
        })
      ).statusCode,
    ).toBe(400);
    expect((await as(t.app, reader.token).get(`/api/population/persons/${personId}/periods`)).json().data).toHaveLength(
      2,
    );
    expect(
      (
        await as(t.app, reader.token).post(`/api/population/persons/${personId}/readmission`, {
          admissionDate: '2026-03-01',
          version: 9,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('records consents given by the person or a guardian among the links', async () => {
    const client = as(t.app, owner.token);
    const links = (
      await client.post(`/api/population/persons/${personId}/links`, {
        names: 'Marta',
        lastNames: 'Tzoc',
        bond: 'ABUELO',
        legalGuardian: true,
      })
    ).json().data;
    const guardian = links[0].id;
    const noGuardian = await client.put(`/api/population/persons/${personId}/consents`, {
      kind: 'image_use',
      granted: true,
      givenOn: '2026-01-10',
      givenBy: 'guardian',
    });
    expect(noGuardian.json().errors).toContainEqual({ field: 'guardianLinkId', code: 'required' });
    const ok = await client.put(`/api/population/persons/${personId}/consents`, {
      kind: 'image_use',
      granted: true,
      givenOn: '2026-01-10',
      givenBy: 'guardian',
      guardianLinkId: guardian,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await client.put(`/api/population/persons/${personId}/consents`, {
      kind: 'data_processing',
      granted: true,
      givenOn: '2026-01-10',
      givenBy: 'self',
    });
    const consents = (await as(t.app, reader.token).get(`/api/population/persons/${personId}/consents`)).json().data;
    expect(consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'image_use', granted: true, givenBy: 'guardian', guardianName: 'Marta Tzoc' }),
        expect.objectContaining({ kind: 'data_processing', givenBy: 'self' }),
      ]),
    );
    expect(
      (
        await as(t.app, reader.token).put(`/api/population/persons/${personId}/consents`, {
          kind: 'services',
          granted: true,
          givenOn: '2026-01-10',
          givenBy: 'self',
        })
      ).statusCode,
    ).toBe(403);
    expect((await client.get(`/api/population/persons/${personId}/photo-info`)).json().data).toEqual({
      hasPhoto: false,
      imageConsent: true,
    });
  });

  it('stores a photo with a thumbnail, refuses a forged one, and replaces it cleanly', async () => {
    const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#e9c46a' } })
      .png()
      .toBuffer();
    const res = await putPhoto(owner.token, png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.hasPhoto).toBe(true);
    const thumb = await as(t.app, reader.token).get(`/api/population/persons/${personId}/photo?size=thumb`);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(240);
    expect(
      (await as(t.app, reader.token).get(`/api/population/persons/${personId}/photo`)).rawPayload.equals(png),
    ).toBe(true);
    const forged = await putPhoto(owner.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'foto.png');
    expect(forged.json().errors).toContainEqual({ field: 'photo', code: 'image_type' });
    expect((await putPhoto(reader.token, png)).statusCode).toBe(403);
    const audits = await countRows(t.database, 'audit_log');
    expect(
      (await as(t.app, owner.token).delete(`/api/population/persons/${personId}/photo`)).json().data.hasPhoto,
    ).toBe(false);
    expect(await countRows(t.database, 'audit_log')).toBe(audits + 1);
    expect((await as(t.app, owner.token).get(`/api/population/persons/${personId}/photo`)).statusCode).toBe(404);
  });

  it('refuses a photo from a caller without a write grant before reading its body (403, not 413 or 400)', async () => {
    const id = await newPerson('Sin foto');
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#264653' } })
      .png()
      .toBuffer();
    for (const caller of [stranger, reader]) {
      // Not an image: the grant is refused before the content would be looked at.
      const text = await putPhoto(caller.token, Buffer.from('no soy una imagen'), 'foto.png', id);
      expect(text.statusCode, text.body).toBe(403);
      expect(text.json().code).toBe('no_person_access');
      // Announced far over the limit, and sent only in part: answered without waiting for (or storing) the rest.
      const big = streamPhoto(caller.token, id, png, 16, { 'content-length': String(50 * 1024 * 1024) });
      const answer = await Promise.race([
        big.answer,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
      ]);
      big.body.end();
      expect(answer?.statusCode, 'answered before the body was sent').toBe(403);
      expect(answer!.json().code).toBe('no_person_access');
    }
    expect(staged()).toBe(0);
    expect(await photoAudits(id)).toBe(0);
  });

  it('refuses the photo when the write grant is revoked while it is being uploaded (re-checked when stored)', async () => {
    const id = await newPerson('Revocada');
    const granted = await as(t.app, owner.token).post(`/api/population/persons/${id}/grants`, {
      userId: writer.id,
      canRead: true,
      canWrite: true,
      reason: 'Registro fotográfico',
    });
    const grantId = (granted.json().data as { id: string; userId: string }[]).find((g) => g.userId === writer.id)!.id;
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    const files = stored();
    // Nothing else is being received, so the first staged file is this upload's.
    expect(staged()).toBe(0);
    const upload = streamPhoto(writer.token, id, png, 64);
    // The grant was checked on arrival: the server is now receiving the bytes into the store's temporary folder.
    await waitUntil(() => staged() > 0, 5000);
    const revoked = await as(t.app, owner.token).delete(`/api/population/persons/${id}/grants/${grantId}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    upload.body.end(upload.rest);
    const res = await upload.answer;
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('no_person_access');
    expect((await as(t.app, owner.token).get(`/api/population/persons/${id}/photo-info`)).json().data.hasPhoto).toBe(
      false,
    );
    expect(await photoAudits(id)).toBe(0);
    expect(staged()).toBe(0);
    expect(stored()).toBe(files);
  });
});
