import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collaborator } from '@amparo/shared/modules/talent.schema';
import { isValidDpi } from '@amparo/shared/identifiers';
import { as, buildTestApp, countRows, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';
import { collaboratorSamples, collaboratorsByKeys } from './collaborators.service.ts';

/**
 * A valid DPI (RENAP's CUI, Decreto 90-2005) from a number: its 8-digit serial (the next one whose check digit is
 * not 10), the check digit, then `place` (department and municipality, Guatemala / Guatemala by default).
 */
function dpiOf(n: number, place = '0101'): string {
  for (let serial = n; ; serial++) {
    const digits = String(serial).padStart(8, '0');
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i + 2), 0);
    if (sum % 11 === 10) continue;
    const dpi = `${digits}${sum % 11}${place}`;
    expect(isValidDpi(dpi)).toBe(true);
    return dpi;
  }
}

/**
 * The collaborator registry (issue 27 section 4, `/api/talent/collaborators`, key `talento_colaboradores`): code
 * and DPI checked and unique, an active headquarter, a list searched by names, code or DPI, versioned edits, every
 * change and every opening audited, and the lookups the payroll import makes.
 */
describe('/api/talent/collaborators', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let hq: { id: string; name: string };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await login(t.app));
    const res = await admin.post('/api/headquarters', {
      code: 'TAL',
      name: 'Sede Talento',
      country: 'GT',
      state: '01',
    });
    expect(res.statusCode, res.body).toBe(200);
    hq = res.json().data;
  });
  afterAll(() => t.close());

  let serial = 10_000_000;
  const nextDpi = () => {
    const dpi = dpiOf(serial);
    serial = Number(dpi.slice(0, 8)) + 1;
    return dpi;
  };
  const body = (over: Record<string, unknown> = {}) => ({
    code: `C-${serial}`,
    dpi: nextDpi(),
    firstNames: 'José Ángel',
    lastNames: 'Pérez Xoc',
    headquarterId: hq.id,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/talent/collaborators', body(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Collaborator;
  };
  const auditOf = async (id: string) =>
    (
      await t.database.db.execute<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>(
        sql`select action, changes from audit_log where entity = 'collaborator' and entity_id = ${id} order by id`,
      )
    ).rows;

  it('registers a collaborator with code and DPI normalised, audited, and audits every opening as a view', async () => {
    const dpi = nextDpi();
    const spaced = `${dpi.slice(0, 4)} ${dpi.slice(4, 9)}-${dpi.slice(9)}`;
    const c = await create({ code: ' col-001 ', dpi: spaced });
    expect(c).toMatchObject({
      code: 'COL-001',
      dpi,
      firstNames: 'José Ángel',
      lastNames: 'Pérez Xoc',
      fullName: 'José Ángel Pérez Xoc',
      headquarterId: hq.id,
      headquarterName: 'Sede Talento',
      active: true,
      version: 1,
    });
    expect(await auditOf(c.id)).toEqual([
      {
        action: 'create',
        changes: {
          code: { before: null, after: 'COL-001' },
          dpi: { before: null, after: dpi },
          firstNames: { before: null, after: 'José Ángel' },
          lastNames: { before: null, after: 'Pérez Xoc' },
          headquarterId: { before: null, after: hq.id },
          active: { before: null, after: true },
        },
      },
    ]);
    const opened = await admin.get(`/api/talent/collaborators/${c.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toEqual(c);
    const views = await t.database.db.execute<{ changes: object; request_id: string }>(
      sql`select changes, request_id from audit_log where entity = 'collaborator' and entity_id = ${c.id} and action = 'view'`,
    );
    expect(views.rows).toEqual([{ changes: {}, request_id: opened.headers['x-request-id'] }]);
    const missing = await admin.get(`/api/talent/collaborators/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it("accepts a DPI of the newer municipalities (RENAP's CUI names INE's codes)", async () => {
    for (const [n, place] of [
      [43_000_000, '0514'], // Sipacate, Escuintla (Decreto 6-2015)
      [44_000_000, '1333'], // Petatán, Huehuetenango (Decreto 4-2015)
    ] as const) {
      const res = await admin.post('/api/talent/collaborators', body({ dpi: dpiOf(n, place) }));
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('refuses a bad DPI or code, an unknown or inactive headquarter, and a taken code or DPI; nothing is written', async () => {
    const taken = await create({ code: 'TAKEN' });
    const closed = await admin.post('/api/headquarters', {
      code: 'CER',
      name: 'Sede cerrada',
      country: 'GT',
      state: '01',
    });
    const closedId = closed.json().data.id as string;
    const deactivated = await admin.put(`/api/headquarters/${closedId}`, {
      code: 'CER',
      name: 'Sede cerrada',
      country: 'GT',
      state: '01',
      active: false,
      version: 1,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const before = {
      rows: await countRows(t.database, 'collaborators'),
      audit: await countRows(t.database, 'audit_log'),
    };
    const refused = async (over: Record<string, unknown>, status = 400) => {
      const res = await admin.post('/api/talent/collaborators', body(over));
      expect(res.statusCode, res.body).toBe(status);
      return res.json().errors;
    };
    const good = dpiOf(40_000_000);
    // A wrong check digit; a department 23; 12 digits; letters.
    const wrongCheck = `${good.slice(0, 8)}${(Number(good[8]) + 1) % 10}${good.slice(9)}`;
    for (const dpi of [wrongCheck, `${good.slice(0, 9)}2301`, good.slice(0, 12), 'ABCDEFGHIJKLM'])
      expect(await refused({ dpi })).toEqual([{ field: 'dpi', code: 'dpi_invalid' }]);
    expect(await refused({ dpi: '' })).toEqual([{ field: 'dpi', code: 'required' }]);
    // A serial whose check remainder is 10 has no valid DPI (RENAP: such serials are not issued), whatever digit follows.
    const serial = Array.from({ length: 50 }, (_, i) => String(41_000_000 + i)).find(
      (d) => [...d].reduce((a, c, i) => a + Number(c) * (i + 2), 0) % 11 === 10,
    )!;
    for (const check of ['0', '1'])
      expect(await refused({ dpi: `${serial}${check}0101` })).toEqual([{ field: 'dpi', code: 'dpi_invalid' }]);
    // A municipality INE does not have (Guatemala has 17: no 0199) is refused.
    expect(await refused({ dpi: dpiOf(42_000_000, '0199') })).toEqual([{ field: 'dpi', code: 'dpi_invalid' }]);
    expect(await refused({ code: 'COL 1' })).toEqual([{ field: 'code', code: 'invalid' }]);
    expect(await refused({ code: 'X'.repeat(21) })).toEqual([
      { field: 'code', code: 'length', params: expect.anything() },
    ]);
    expect(await refused({ firstNames: 'A'.repeat(121) })).toEqual([
      { field: 'firstNames', code: 'length', params: expect.anything() },
    ]);
    expect(await refused({ headquarterId: crypto.randomUUID() })).toEqual([
      { field: 'headquarterId', code: 'unknown_code' },
    ]);
    expect(await refused({ headquarterId: closedId })).toEqual([{ field: 'headquarterId', code: 'inactive' }]);
    expect(await refused({ code: 'taken' }, 409)).toEqual([{ field: 'code', code: 'duplicate' }]);
    // The DPI written another way is the same DPI.
    expect(await refused({ dpi: `${taken.dpi.slice(0, 4)}-${taken.dpi.slice(4)}` }, 409)).toEqual([
      { field: 'dpi', code: 'duplicate' },
    ]);
    expect({
      rows: await countRows(t.database, 'collaborators'),
      audit: await countRows(t.database, 'audit_log'),
    }).toEqual(before);
  });

  it('lists by last names, paged, and finds by words of the names (accents and case ignored), a code or a DPI', async () => {
    const ana = await create({ code: 'LST-ANA', firstNames: 'Ana Lucía', lastNames: 'Ajú Tzul' });
    const luis = await create({
      code: 'LST-LUIS',
      firstNames: 'Luis',
      lastNames: 'Zuñiga Caal',
      dpi: dpiOf(77_000_000),
    });
    const off = await create({ code: 'LST-OFF', firstNames: 'Marta', lastNames: 'Baja Inactiva' });
    const res = await admin.put(`/api/talent/collaborators/${off.id}`, { ...body(off), active: false, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const codes = async (query: string) => {
      const r = await admin.get(`/api/talent/collaborators?${query}`);
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().data.items as Collaborator[]).map((c) => c.code);
    };
    expect(await codes('q=lucia aju')).toEqual(['LST-ANA']);
    expect(await codes('q=ZUNIGA')).toEqual(['LST-LUIS']);
    expect(await codes('q=lst-')).toEqual(['LST-ANA', 'LST-OFF', 'LST-LUIS']);
    expect(await codes(`q=${encodeURIComponent(`${luis.dpi.slice(0, 4)} ${luis.dpi.slice(4, 9)}`)}`)).toEqual([
      'LST-LUIS',
    ]);
    expect(await codes('q=lst-&active=active')).toEqual(['LST-ANA', 'LST-LUIS']);
    expect(await codes('q=lst-&active=inactive')).toEqual(['LST-OFF']);
    expect(await codes('q=lst-&order=desc')).toEqual(['LST-LUIS', 'LST-OFF', 'LST-ANA']);
    const page = await admin.get('/api/talent/collaborators?q=lst-&page=2&pageSize=2');
    expect(page.json().data).toMatchObject({ page: 2, pageSize: 2, total: 3, totalCapped: false });
    expect(page.json().data.items.map((c: Collaborator) => c.id)).toEqual([luis.id]);
    const short = await admin.get('/api/talent/collaborators?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([expect.objectContaining({ field: 'q', code: 'search_too_short' })]);
    expect((await admin.get('/api/talent/collaborators?pageSize=100')).json().data.items).toContainEqual(ana);
  });

  it('edits at the version seen: a stale version, a taken DPI refused; the audit keeps before and after', async () => {
    const c = await create({ code: 'EDIT-1' });
    const other = await create({ code: 'EDIT-2' });
    const edit = (version: number, over: Record<string, unknown>) =>
      admin.put(`/api/talent/collaborators/${c.id}`, {
        code: c.code,
        dpi: c.dpi,
        firstNames: c.firstNames,
        lastNames: c.lastNames,
        headquarterId: c.headquarterId,
        active: true,
        version,
        ...over,
      });
    const done = await edit(1, { lastNames: 'Pérez Coc', active: false });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ lastNames: 'Pérez Coc', fullName: 'José Ángel Pérez Coc', version: 2 });
    const stale = await edit(1, { firstNames: 'Otro' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const taken = await edit(2, { dpi: other.dpi });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'dpi', code: 'duplicate' }]);
    expect((await edit(2, { code: 'edit-2' })).json().errors).toEqual([{ field: 'code', code: 'duplicate' }]);
    const missing = await admin.put(`/api/talent/collaborators/${crypto.randomUUID()}`, {
      ...body(),
      active: true,
      version: 1,
    });
    expect(missing.statusCode).toBe(404);
    const updates = (await auditOf(c.id)).filter((a) => a.action === 'update');
    expect(updates).toEqual([
      {
        action: 'update',
        changes: { lastNames: { before: 'Pérez Xoc', after: 'Pérez Coc' }, active: { before: true, after: false } },
      },
    ]);
  });

  it('keeps a headquarter deactivated since on an edit, but does not move a collaborator to one', async () => {
    const made = await admin.post('/api/headquarters', {
      code: 'TEMP',
      name: 'Sede temporal',
      country: 'GT',
      state: '01',
    });
    const temp = made.json().data as { id: string };
    const c = await create({ code: 'KEEP-1', headquarterId: temp.id });
    const other = await create({ code: 'KEEP-2' });
    await admin.put(`/api/headquarters/${temp.id}`, {
      code: 'TEMP',
      name: 'Sede temporal',
      country: 'GT',
      state: '01',
      active: false,
      version: 1,
    });
    const kept = await admin.put(`/api/talent/collaborators/${c.id}`, {
      ...body(c),
      firstNames: 'Renombrado',
      active: true,
      version: 1,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ headquarterId: temp.id, headquarterName: 'Sede temporal' });
    const moved = await admin.put(`/api/talent/collaborators/${other.id}`, {
      ...body(other),
      headquarterId: temp.id,
      active: true,
      version: 1,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([{ field: 'headquarterId', code: 'inactive' }]);
    // A headquarter with collaborators is not deleted (the foreign key).
    expect((await admin.delete(`/api/headquarters/${temp.id}`)).statusCode).toBe(409);
  });

  it('finds collaborators by DPI or code for the payroll import, active or not, 10,000 keys at once', async () => {
    const a = await create({ code: 'KEY-A' });
    const b = await create({ code: 'KEY-B' });
    await admin.put(`/api/talent/collaborators/${b.id}`, { ...body(b), active: false, version: 1 });
    const hyphened = `${a.dpi.slice(0, 4)}-${a.dpi.slice(4, 9)}-${a.dpi.slice(9)}`;
    const filler = Array.from({ length: 10_000 - 4 }, (_, i) => (i % 2 ? `NOBODY-${i}` : dpiOf(90_000_000 + i * 3)));
    const keys = [hyphened, ' key-b ', b.dpi, 'KEY-NONE', ...filler];
    const found = await collaboratorsByKeys(t.database.db, keys);
    expect([...found.keys()].sort()).toEqual([' key-b ', b.dpi, hyphened].sort());
    expect(found.get(hyphened)).toEqual({
      id: a.id,
      code: 'KEY-A',
      dpi: a.dpi,
      fullName: 'José Ángel Pérez Xoc',
      headquarterId: hq.id,
      active: true,
    });
    expect(found.get(' key-b ')).toMatchObject({ id: b.id, active: false });
    expect(found.get(b.dpi)).toMatchObject({ id: b.id });
    expect((await collaboratorsByKeys(t.database.db, [])).size).toBe(0);
  });

  it('gives a few active collaborators by code as the payroll template samples', async () => {
    const samples = await collaboratorSamples(t.database.db, 3);
    const active = await t.database.db.execute<{ code: string }>(
      sql`select code from collaborators where active order by code limit 3`,
    );
    expect(samples.map((s) => s.code)).toEqual(active.rows.map((r) => r.code));
    expect(samples).toHaveLength(3);
    expect(Object.keys(samples[0]!).sort()).toEqual(['code', 'dpi', 'fullName', 'headquarterId', 'id']);
    expect(await collaboratorSamples(t.database.db, 0)).toEqual([]);
  });

  it('answers only holders of talento_colaboradores', async () => {
    const adminToken = await login(t.app);
    const other = await createUser(t.app, adminToken, ['talento', 'talento_aplicantes'], 'tal');
    const holder = await createUser(t.app, adminToken, ['talento', 'talento_colaboradores'], 'tal');
    expect((await as(t.app, other.token).get('/api/talent/collaborators')).statusCode).toBe(403);
    expect((await as(t.app, other.token).post('/api/talent/collaborators', body())).statusCode).toBe(403);
    expect((await as(t.app, holder.token).get('/api/talent/collaborators')).statusCode).toBe(200);
    // The form's headquarter picker (the generic catalog call's `headquarter` list).
    expect((await as(t.app, holder.token).post('/api/catalog/headquarter', { lang: 'es' })).statusCode).toBe(200);
  });

  postgresOnly('lets one of ten parallel registrations of one DPI through; the others are 409, never 500', async () => {
    const dpi = nextDpi();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => admin.post('/api/talent/collaborators', body({ dpi, code: `PAR-${i}` }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().errors)).toEqual(
      Array(9).fill([{ field: 'dpi', code: 'duplicate' }]),
    );
    expect((await t.database.db.execute(sql`select 1 from collaborators where dpi = ${dpi}`)).rows).toHaveLength(1);
  });
});

describe('collaborators in the log', () => {
  it('leave no DPI nor name in it when registered, refused, opened or edited', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await buildTestApp({}, { logger: { level: 'trace', stream } });
    try {
      const admin = as(t.app, await login(t.app));
      const hq = (
        await admin.post('/api/headquarters', { code: 'LOG', name: 'Sede', country: 'GT', state: '01' })
      ).json().data as { id: string };
      const dpi = dpiOf(55_000_000);
      const payload = { code: 'LOG-1', dpi, firstNames: 'Secreta', lastNames: 'Reservada', headquarterId: hq.id };
      const created = await admin.post('/api/talent/collaborators', payload);
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id as string;
      expect((await admin.post('/api/talent/collaborators', { ...payload, code: 'LOG-2' })).statusCode).toBe(409);
      const wrong = `${dpi.slice(0, 8)}${(Number(dpi[8]) + 1) % 10}${dpi.slice(9)}`;
      expect((await admin.post('/api/talent/collaborators', { ...payload, dpi: wrong })).statusCode).toBe(400);
      expect((await admin.get(`/api/talent/collaborators/${id}`)).statusCode).toBe(200);
      const edit = await admin.put(`/api/talent/collaborators/${id}`, { ...payload, active: false, version: 1 });
      expect(edit.statusCode, edit.body).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/api/talent/collaborators');
      for (const secret of [dpi, wrong, 'Secreta', 'Reservada']) expect(log).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
