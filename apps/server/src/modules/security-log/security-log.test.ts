import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, personBody, type TestApp } from '../../../test/helpers.ts';

/** Issue 9 item 5: security log, server request ids, append-only audit, activity deletion on each history. */
describe('audit completeness and the security log', () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_MAX_FAILURES_ACCOUNT: '2' });
    adminToken = await login(t.app);
  });
  afterAll(() => t.close());

  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await t.database.db.execute<T>(query)).rows;

  it('refuses UPDATE, DELETE and TRUNCATE on the audit log and the security log', async () => {
    await as(t.app, adminToken).post('/api/population/persons', personBody());
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'nadie', password: 'x' } });
    for (const table of ['audit_log', 'security_events']) {
      const [before] = await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
      expect(Number(before!.n)).toBeGreaterThan(0);
      for (const statement of [`update ${table} set ip = 'x'`, `delete from ${table}`, `truncate ${table}`]) {
        // Drizzle wraps the database error; its cause carries the trigger's message.
        const outcome = await t.database.db.execute(sql.raw(statement)).then(
          () => 'applied',
          (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
        );
        expect(outcome, statement).toMatch(/append-only/);
      }
      const [after] = await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
      expect(after!.n).toBe(before!.n);
    }
  });

  it('names every request itself; a client x-request-id is kept apart, never as the key', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/population/persons',
        payload: personBody({ names: 'Lucía' }),
        headers: { authorization: `Bearer ${adminToken}`, 'x-request-id': 'same-id\u0001<script>' },
      });
    const [a, b] = [await send(), await send()];
    expect(a.statusCode, a.body).toBe(200);
    const [idA, idB] = [a.headers['x-request-id'], b.headers['x-request-id']];
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).not.toBe(idA);
    const [entry] = await rows<{ request_id: string; client_request_id: string }>(
      sql`select request_id, client_request_id from audit_log where entity = 'person' and entity_id = ${a.json().data.id} and action = 'create'`,
    );
    expect(entry).toEqual({ request_id: idA, client_request_id: 'same-id<script>' });
  });

  it("deleting an activity records the leave on each participant's history", async () => {
    const staff = await createUser(
      t.app,
      adminToken,
      ['poblacion', 'poblacion_poblacion', 'poblacion_actividades'],
      'leaver',
    );
    const client = as(t.app, staff.token);
    const ids: string[] = [];
    for (const names of ['Ana', 'Beto'])
      ids.push((await client.post('/api/population/persons', personBody({ names }))).json().data.id);
    const activity = (
      await client.post('/api/population/activities', {
        name: 'Taller',
        activityType: 'TALLER',
        startsAt: '2026-11-20T14:30',
        state: '07',
        town: '0701',
        place: 'Salón',
        facilitatorIds: [staff.id],
        thematic: ['MALTRATO_PSICOLOGICO'],
        unregistered: [],
      })
    ).json().data;
    for (const id of ids)
      expect(
        (await client.post(`/api/population/activities/${activity.id}/participants`, { personId: id })).statusCode,
      ).toBe(200);
    expect((await client.delete(`/api/population/activities/${activity.id}`)).statusCode).toBe(200);
    for (const id of ids) {
      const leaves = await rows<{ user_id: string }>(
        sql`select user_id from audit_log where entity = 'person' and entity_id = ${id} and action = 'activity_leave'`,
      );
      expect(leaves).toEqual([{ user_id: staff.id }]);
    }
  });

  it('records failed and locked sign-ins and every 403, and shows them to a holder of configuracion_seguridad', async () => {
    const user = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'watched');
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password },
        remoteAddress: '10.1.1.1',
      });
    await signIn('wrong-1');
    await signIn('wrong-2');
    expect((await signIn('wrong-3')).statusCode).toBe(429);
    // A missing key (the permission plugin) and a missing grant (a service) are both 403s.
    expect((await as(t.app, user.token).get('/api/users')).statusCode).toBe(403);
    const child = (
      await as(t.app, adminToken).post('/api/population/persons', personBody({ names: 'Sin permiso' }))
    ).json().data.id;
    expect((await as(t.app, user.token).get(`/api/population/persons/${child}`)).json().code).toBe('no_person_access');

    const auditor = await createUser(t.app, adminToken, ['configuracion', 'configuracion_seguridad'], 'auditor');
    const res = await as(t.app, auditor.token).get('/api/security-log?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const mine = (
      res.json().data.items as {
        kind: string;
        userId: string;
        loginName: string | null;
        code: string;
        route: string;
        ip: string;
      }[]
    ).filter((e) => e.userId === user.id);
    expect(mine.filter((e) => e.kind === 'login_failed')).toHaveLength(2);
    expect(mine.find((e) => e.kind === 'login_locked')).toMatchObject({
      loginName: user.username,
      code: 'too_many_attempts',
      ip: '10.1.1.1',
      route: '/api/login',
    });
    expect(mine.filter((e) => e.kind === 'forbidden').map((e) => [e.code, e.route])).toEqual(
      expect.arrayContaining([
        ['forbidden', '/api/users'],
        ['no_person_access', '/api/population/persons/:id'],
      ]),
    );
    const locked = await as(t.app, auditor.token).get('/api/security-log?kind=login_locked');
    expect((locked.json().data.items as { kind: string }[]).every((e) => e.kind === 'login_locked')).toBe(true);
    // No password is ever stored.
    const [stored] = await rows<{ n: number }>(
      sql`select count(*)::int as n from security_events where login_name like '%wrong%'`,
    );
    expect(Number(stored!.n)).toBe(0);
  });
});
