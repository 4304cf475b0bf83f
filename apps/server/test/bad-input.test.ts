import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, countRows, createUser, login, personBody, type TestApp } from './helpers.ts';
import { multipartFile, PNG_FIXTURE } from './multipart.ts';

/**
 * Every form's bad input answers 400 problem+json with field errors and
 * writes nothing: the tables touched by the endpoint, and the audit log,
 * keep their row counts.
 */
describe('bad input changes nothing', () => {
  let t: TestApp;
  let adminToken: string;
  let tables: string[];

  const snapshot = async () =>
    Object.fromEntries(await Promise.all(tables.map(async (n) => [n, await countRows(t.database, n)] as const)));

  async function expectRefused(
    send: () => Promise<{ statusCode: number; json(): { code: string; errors?: { field: string; code: string }[] } }>,
    status: number,
    field?: { field: string; code: string },
  ) {
    const before = await snapshot();
    const res = await send();
    expect(res.statusCode).toBe(status);
    if (field) expect(res.json().errors).toContainEqual(expect.objectContaining(field));
    expect(await snapshot()).toEqual(before);
    return res;
  }

  beforeAll(async () => {
    t = await buildTestApp({ PHOTO_MAX_BYTES: '2048', BODY_LIMIT_BYTES: '65536' });
    adminToken = await login(t.app);
    tables = [
      'persons',
      'person_grants',
      'users',
      'roles',
      'headquarters',
      'catalog_items',
      'user_photos',
      'audit_log',
      'sessions',
    ];
  });
  afterAll(() => t.close());

  it('person form: missing fields, wrong types, over-long text, municipality outside its department, unknown codes', async () => {
    const admin = as(t.app, adminToken);
    const send = (body: unknown) => () => admin.post('/api/population/persons', body);
    let res = await expectRefused(send({}), 400);
    const fields = res.json().errors!.map((e) => e.field);
    for (const f of ['names', 'lastNames', 'sex', 'thematic', 'admissionDate']) expect(fields).toContain(f);
    expect(res.json().code).toBe('validation');
    res = await expectRefused(send(personBody({ names: 12, weightLbs: 'heavy', age: 'old', birthDate: null })), 400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'names', code: 'invalid' },
        { field: 'weightLbs', code: 'not_a_number' },
        { field: 'age', code: 'not_a_number' },
      ]),
    );
    await expectRefused(send(personBody({ names: 'x'.repeat(101) })), 400, { field: 'names', code: 'length' });
    await expectRefused(send(personBody({ state: '07', town: '0101' })), 400, {
      field: 'town',
      code: 'municipality_not_in_department',
    });
    await expectRefused(send(personBody({ state: '07', town: '0799' })), 400, { field: 'town', code: 'unknown_code' });
    await expectRefused(send(personBody({ thematic: ['NO_EXISTE'] })), 400, {
      field: 'thematic.0',
      code: 'unknown_code',
    });
    await expectRefused(send(personBody({ departureDate: '2020-01-01' })), 400, {
      field: 'departureDate',
      code: 'date_order',
    });
    await expectRefused(send(personBody({ sex: 'M', pregnancy: true })), 400, { field: 'pregnancy', code: 'invalid' });
  });

  it('profile form: required fields and an invalid NIT (SAT modulo 11)', async () => {
    const admin = as(t.app, adminToken);
    const me = (await admin.post('/api/user-check')).json().data.user;
    await expectRefused(() => admin.post('/api/update_user', { version: me.version }), 400, {
      field: 'fullName',
      code: 'required',
    });
    await expectRefused(
      () =>
        admin.post('/api/update_user', {
          fullName: 'Ana Admin',
          phone: '5555-1234',
          nit: '1234567-1',
          version: me.version,
        }),
      400,
      { field: 'nit', code: 'nit_invalid' },
    );
    const ok = await admin.post('/api/update_user', {
      fullName: 'Ana Admin',
      phone: '5555-1234',
      nit: '1234567-9',
      version: me.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.user.nit).toBe('12345679');
    // The version moved on: the same version again is stale.
    await expectRefused(
      () =>
        admin.post('/api/update_user', { fullName: 'Otra', phone: '5555-1234', nit: '1234567-9', version: me.version }),
      409,
    );
  });

  it('password form: mismatch, too short, wrong current password', async () => {
    const admin = as(t.app, adminToken);
    await expectRefused(
      () =>
        admin.post('/api/account/password', {
          currentPassword: 'x',
          newPassword: 'Abcdefg1!',
          confirmation: 'Abcdefg2!',
        }),
      400,
      { field: 'confirmation', code: 'password_mismatch' },
    );
    await expectRefused(
      () => admin.post('/api/account/password', { currentPassword: 'x', newPassword: 'Ab1!', confirmation: 'Ab1!' }),
      400,
      { field: 'newPassword', code: 'password_too_short' },
    );
    const res = await expectRefused(
      () =>
        admin.post('/api/account/password', {
          currentPassword: 'wrong-one',
          newPassword: 'Abcdefg1!',
          confirmation: 'Abcdefg1!',
        }),
      400,
    );
    expect(res.json().code).toBe('current_password_wrong');
  });

  it('photo upload: a text file named .png is refused by content; too large is refused', async () => {
    const forged = multipartFile('photo', 'foto.png', 'this is not an image at all', 'image/png');
    await expectRefused(
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/account/photo',
          headers: { ...forged.headers, authorization: `Bearer ${adminToken}` },
          payload: forged.payload,
        }),
      400,
      { field: 'photo', code: 'image_type' },
    );
    const big = multipartFile('photo', 'big.png', Buffer.concat([PNG_FIXTURE(), Buffer.alloc(4096)]), 'image/png');
    const res = await expectRefused(
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/account/photo',
          headers: { ...big.headers, authorization: `Bearer ${adminToken}` },
          payload: big.payload,
        }),
      413,
    );
    expect(res.json().code).toBe('payload_too_large');
    const good = multipartFile('photo', 'renamed.txt', PNG_FIXTURE(), 'text/plain');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/account/photo',
      headers: { ...good.headers, authorization: `Bearer ${adminToken}` },
      payload: good.payload,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.user.hasPhoto).toBe(true);
  });

  it('refuses an oversized JSON body (413) before reading it', async () => {
    const res = await expectRefused(
      () => as(t.app, adminToken).post('/api/population/persons', personBody({ admissionReason: 'x'.repeat(70_000) })),
      413,
    );
    expect(res.json().code).toBe('payload_too_large');
  });

  it('headquarter form: required fields, unknown department, duplicate code, stale version', async () => {
    const admin = as(t.app, adminToken);
    const res = await expectRefused(() => admin.post('/api/headquarters', {}), 400);
    expect(res.json().errors!.map((e) => e.field)).toEqual(
      expect.arrayContaining(['code', 'name', 'country', 'state']),
    );
    await expectRefused(
      () => admin.post('/api/headquarters', { code: 'S1', name: 'Sede', country: 'GT', state: '23' }),
      400,
      { field: 'state', code: 'unknown_code' },
    );
    const created = await admin.post('/api/headquarters', {
      code: 'XELA',
      name: 'Sede Quetzaltenango',
      country: 'GT',
      state: '09',
    });
    expect(created.statusCode, created.body).toBe(200);
    await expectRefused(
      () => admin.post('/api/headquarters', { code: 'xela', name: 'Otra', country: 'GT', state: '09' }),
      409,
      { field: 'code', code: 'duplicate' },
    );
    const h = created.json().data;
    expect(
      (
        await admin.put(`/api/headquarters/${h.id}`, {
          code: 'XELA',
          name: 'Sede Xela',
          country: 'GT',
          state: '09',
          version: h.version,
        })
      ).statusCode,
    ).toBe(200);
    await expectRefused(
      () =>
        admin.put(`/api/headquarters/${h.id}`, {
          code: 'XELA',
          name: 'Vieja',
          country: 'GT',
          state: '09',
          version: h.version,
        }),
      409,
    );
  });

  it('role and user forms: bad slug, unknown permission key, duplicate username, invalid NIT', async () => {
    const admin = as(t.app, adminToken);
    await expectRefused(() => admin.post('/api/roles', { slug: 'Con Espacios', name: 'R', permissions: [] }), 400, {
      field: 'slug',
      code: 'invalid',
    });
    await expectRefused(
      () => admin.post('/api/roles', { slug: 'ok', name: 'Rol', permissions: ['no_such_key'] }),
      400,
      { field: 'permissions.0', code: 'unknown_code' },
    );
    const user = {
      username: 'admin',
      password: 'Clave-Segura-1',
      fullName: 'Otro Admin',
      email: 'otro@amparo.test',
      roleId: null,
      active: true,
      extraPermissions: [],
    };
    await expectRefused(() => admin.post('/api/users', user), 400, { field: 'username', code: 'username_taken' });
    await expectRefused(() => admin.post('/api/users', { ...user, username: 'nuevo', nit: '123' }), 400, {
      field: 'nit',
      code: 'nit_invalid',
    });
  });

  it('catalog form: unknown catalog, bad code, an item in use cannot be deleted', async () => {
    const admin = as(t.app, adminToken);
    await expectRefused(
      () => admin.post('/api/catalogs/items', { catalog: 'nope', code: 'X', es: 'X', en: 'X' }),
      400,
      { field: 'catalog', code: 'invalid' },
    );
    await expectRefused(
      () => admin.post('/api/catalogs/items', { catalog: 'thematic', code: 'con espacio', es: 'X', en: 'X' }),
      400,
      { field: 'code', code: 'invalid' },
    );
    await admin.post('/api/population/persons', personBody());
    const items = (await admin.get('/api/catalogs/thematic/items')).json().data as { id: string; code: string }[];
    const used = items.find((i) => i.code === 'NEGLIGENCIA')!;
    const res = await expectRefused(() => admin.delete(`/api/catalogs/items/${used.id}`), 409);
    expect(res.json().code).toBe('in_use');
  });

  it('an unknown id is 404 and a malformed one is 400', async () => {
    const admin = as(t.app, adminToken);
    expect((await admin.get('/api/population/persons/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin.get('/api/population/persons/not-a-uuid')).json().errors).toContainEqual({
      field: 'id',
      code: 'invalid',
    });
  });

  it('a user without the permission gets 403 and writes nothing', async () => {
    const stranger = await createUser(t.app, adminToken, [], 'stranger');
    await expectRefused(() => as(t.app, stranger.token).post('/api/population/persons', personBody()), 403);
  });
});
