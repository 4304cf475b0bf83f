import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, personBody, type TestApp } from '../../test/helpers.ts';

/**
 * Issue 10 item 9: the persons list, a search and the opening of a record
 * write their `view` audit entries in the same statement as the read, and
 * run as statements prepared once and filled with each caller's values.
 * These tests pin what that must keep: one entry per person shown, none for
 * a refused read, no rows when the audit cannot be written, and a prepared
 * statement never answering one user with another's grants.
 */
let t: TestApp;
let adminToken: string;
const VIEW = sql`select count(*)::int as n from audit_log where action = 'view'`;

async function views(where = sql`true`) {
  const rows = await t.database.db.execute<{ n: number; part: string | null; request_id: string | null }>(
    sql`select count(*)::int as n, changes->'part'->>'after' as part, request_id from audit_log
        where action = 'view' and ${where} group by 2, 3`,
  );
  return rows.rows.map((r) => ({ n: Number(r.n), part: r.part, requestId: r.request_id }));
}
const count = async () => Number((await t.database.db.execute<{ n: number }>(VIEW)).rows[0]!.n);

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app);
});
afterAll(() => t?.close());

describe('reads audited in their own statement', () => {
  it('opening a record writes one entry with empty changes; a refused or missing record writes none', async () => {
    const owner = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'owner');
    const stranger = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'stranger');
    const created = await as(t.app, owner.token).post('/api/population/persons', personBody());
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;

    const opened = await as(t.app, owner.token).get(`/api/population/persons/${id}`);
    expect(opened.statusCode).toBe(200);
    expect(await views(sql`entity_id = ${id} and request_id = ${opened.headers['x-request-id']}`)).toEqual([
      { n: 1, part: null, requestId: opened.headers['x-request-id'] },
    ]);
    const entry = await t.database.db.execute<{ changes: unknown; user_id: string; ip: string | null }>(
      sql`select changes, user_id, ip from audit_log where request_id = ${opened.headers['x-request-id']}`,
    );
    expect(entry.rows[0]).toMatchObject({ changes: {}, user_id: owner.id });

    const before = await count();
    expect((await as(t.app, stranger.token).get(`/api/population/persons/${id}`)).statusCode).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await as(t.app, owner.token).get(`/api/population/persons/${missing}`)).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('a list writes one `list` entry per person shown, a search one `search` entry, in the request that showed them', async () => {
    const user = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'lister');
    const client = as(t.app, user.token);
    for (const names of ['Auditada Uno', 'Auditada Dos', 'Otra Persona'])
      expect((await client.post('/api/population/persons', personBody({ names }))).statusCode).toBe(200);

    const list = await client.get('/api/population/persons?page=1&pageSize=2');
    expect(list.statusCode).toBe(200);
    const shown = list.json().data.items.map((i: { id: string }) => i.id) as string[];
    expect(shown).toHaveLength(2);
    const listed = await t.database.db.execute<{ entity_id: string; part: string }>(
      sql`select entity_id, changes->'part'->>'after' as part from audit_log where request_id = ${list.headers['x-request-id']}`,
    );
    expect(listed.rows.map((r) => r.entity_id).sort()).toEqual([...shown].sort());
    expect(new Set(listed.rows.map((r) => r.part))).toEqual(new Set(['list']));

    const search = await client.get('/api/population/persons?q=auditada');
    expect(search.json().data.items).toHaveLength(2);
    expect(await views(sql`request_id = ${search.headers['x-request-id']}`)).toEqual([
      { n: 2, part: 'search', requestId: search.headers['x-request-id'] },
    ]);
    // An empty result audits nothing.
    const none = await client.get('/api/population/persons?q=zzzqqq');
    expect(none.json().data.items).toHaveLength(0);
    expect(await views(sql`request_id = ${none.headers['x-request-id']}`)).toEqual([]);
  });

  it("a statement prepared for one user answers the next one with the next one's grants", async () => {
    const a = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'prep-a');
    const b = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'prep-b');
    const ofA = (await as(t.app, a.token).post('/api/population/persons', personBody({ names: 'Solo De A' }))).json()
      .data.id as string;
    const ofB = (await as(t.app, b.token).post('/api/population/persons', personBody({ names: 'Solo De B' }))).json()
      .data.id as string;
    for (let round = 0; round < 3; round++) {
      const listA = (await as(t.app, a.token).get('/api/population/persons'))
        .json()
        .data.items.map((i: { id: string }) => i.id);
      const listB = (await as(t.app, b.token).get('/api/population/persons'))
        .json()
        .data.items.map((i: { id: string }) => i.id);
      expect(listA).toContain(ofA);
      expect(listA).not.toContain(ofB);
      expect(listB).toEqual([ofB]);
      expect((await as(t.app, a.token).get(`/api/population/persons/${ofB}`)).statusCode).toBe(403);
      expect((await as(t.app, b.token).get(`/api/population/persons/${ofB}`)).statusCode).toBe(200);
      expect((await as(t.app, b.token).get(`/api/population/persons?q=solo`)).json().data.items).toHaveLength(1);
    }
  });
});

describe('no read leaves unaudited', () => {
  let refusing: TestApp;
  beforeAll(async () => {
    refusing = await buildTestApp();
    await refusing.database.db.execute(sql`
      create function test_refuse_view() returns trigger language plpgsql as $$
      begin
        if new.action = 'view' then raise exception 'view audit refused by the test'; end if;
        return new;
      end $$`);
    await refusing.database.db.execute(
      sql`create trigger test_refuse_view before insert on audit_log for each row execute function test_refuse_view()`,
    );
  });
  afterAll(() => refusing?.close());

  it('when the audit entries cannot be written, the list, the search and the record answer 500 with no personal data', async () => {
    const admin = as(refusing.app, await login(refusing.app));
    const created = await admin.post('/api/population/persons', personBody({ names: 'Nunca Mostrada' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    for (const url of ['/api/population/persons', '/api/population/persons?q=nunca', `/api/population/persons/${id}`]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(500);
      expect(res.body).not.toContain('Nunca');
    }
  });
});
