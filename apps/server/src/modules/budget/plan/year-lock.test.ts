import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import {
  as,
  buildTestApp,
  createUser,
  login,
  planningBody,
  waitUntil,
  type TestApp,
} from '../../../../test/helpers.ts';
import { postgresOnly } from '../../../../test/postgres-only.ts';

/**
 * Issue 23 item 2: an assignment in flight is not written into a year being
 * closed. The probe's interleaving, made deterministic: another session holds
 * the funder's row lock, an assignment that found the year open waits on it,
 * and the year is closed meanwhile. The close must wait for the assignment
 * (the year's row is share-locked by every write that checked it), so the
 * assignment lands while the year is still open and the close comes after.
 * PostgreSQL only: PGlite runs one transaction at a time, so nothing waits there.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('a year closes only after the writes that found it open', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let approver: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildTestApp();
    const adminToken = await login(t.app);
    admin = as(t.app, adminToken);
    const keys = ['presupuesto', 'presupuesto_planificacion', 'presupuesto_aprobacion', 'asignacion'];
    approver = as(t.app, (await createUser(t.app, adminToken, keys, 'closer')).token);
  });
  afterAll(() => t.close());

  /** A session that holds locks, and another that watches who waits (pg_stat_activity is a snapshot inside a transaction). */
  const sessions = async () => {
    const psql = new pg.Client({ connectionString: t.databaseUrl! });
    const watcher = new pg.Client({ connectionString: t.databaseUrl! });
    await psql.connect();
    await watcher.connect();
    const waiting = async () =>
      Number(
        (
          await watcher.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n,
      );
    return { psql, watcher, waiting };
  };

  const move = async (api: ReturnType<typeof as>, year: number, transition: string) => {
    const { version } = (await admin.get(`/api/budget/plans/${year}`)).json().data;
    return api.post(`/api/budget/plans/${year}/transition`, { transition, version });
  };

  postgresOnly('holds the close until an assignment waiting on the funder lock has committed', async () => {
    const year = 2041;
    const coop = (
      await admin.post('/api/cooperating', {
        name: 'Fundación del Cierre',
        code: `C-${randomBytes(3).toString('hex').toUpperCase()}`,
        country: 'NO',
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        currency: 'GTQ',
        ceiling: '5000.00',
      })
    ).json().data as { id: string };
    const item = await admin.post(`/api/cooperating/${coop.id}/items`, {
      code: 'R1',
      name: 'Rubro',
      initialAmount: '1000',
    });
    expect(item.statusCode, item.body).toBe(200);
    const itemId = item.json().data.id as string;
    const created = await admin.post('/api/budget/planning', await planningBody(admin, { year }));
    expect(created.statusCode, created.body).toBe(200);
    const lineId = created.json().data.id as string;
    expect((await move(admin, year, 'submit')).statusCode).toBe(200);
    expect((await move(approver, year, 'approve')).statusCode).toBe(200);

    const { psql, watcher, waiting } = await sessions();
    const order: string[] = [];
    try {
      await psql.query('begin');
      await psql.query('select 1 from cooperating where id = $1 for update', [coop.id]);

      const assignment = admin
        .post(`/api/budget/assignment/${lineId}/transaction/${itemId}`, {
          type: 'increase',
          reason: 'Convenio',
          months: [{ month: 5, amount: '100' }],
        })
        .then((res) => (order.push('assignment'), res));
      await waitUntil(async () => (await waiting()) === 1);

      const close = move(approver, year, 'close').then((res) => (order.push('close'), res));
      // The close must queue behind the assignment's share lock on the year, not answer.
      await waitUntil(async () => order.includes('close') || (await waiting()) === 2);
      expect(order, 'the year closed while an assignment that found it open was in flight').toEqual([]);

      await psql.query('rollback');
      const [assigned, closed] = await Promise.all([assignment, close]);
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(closed.statusCode, closed.body).toBe(200);
      // Which answer arrives first is not the point once both committed: the assignment builds its answer after
      // its commit, when the close may already be through. The close waited (checked above) and both succeeded.
      expect(order.sort()).toEqual(['assignment', 'close']);
    } finally {
      await psql.query('rollback').catch(() => undefined);
      await psql.end();
      await watcher.end();
    }

    // Closed now: the next assignment is refused and writes nothing.
    const after = await admin.post(`/api/budget/assignment/${lineId}/transaction/${itemId}`, {
      type: 'increase',
      reason: 'Tarde',
      months: [{ month: 6, amount: '100' }],
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('year_closed');
  });

  postgresOnly(
    'holds a submission (and so an approval) until a line edit that found the plan a draft has committed',
    async () => {
      const year = 2042;
      const created = await admin.post('/api/budget/planning', await planningBody(admin, { year }));
      expect(created.statusCode, created.body).toBe(200);
      const line = created.json().data as Record<string, unknown> & { id: string; months: { amount: string }[] };
      const { psql, watcher, waiting } = await sessions();
      const order: string[] = [];
      try {
        await psql.query('begin');
        await psql.query('select 1 from planning_lines where id = $1 for update', [line.id]);
        const body = { ...line, months: line.months.map((m, i) => ({ ...m, amount: i === 0 ? '250.00' : m.amount })) };
        const edit = admin.put(`/api/budget/planning/${line.id}`, body).then((res) => (order.push('edit'), res));
        await waitUntil(async () => (await waiting()) === 1);
        const submit = move(admin, year, 'submit').then((res) => (order.push('submit'), res));
        await waitUntil(async () => order.includes('submit') || (await waiting()) === 2);
        expect(order, 'the plan was submitted while a line edit that found it a draft was in flight').toEqual([]);
        await psql.query('rollback');
        const [edited, submitted] = await Promise.all([edit, submit]);
        expect(edited.statusCode, edited.body).toBe(200);
        expect(submitted.statusCode, submitted.body).toBe(200);
        expect(order).toEqual(['edit', 'submit']);
      } finally {
        await psql.query('rollback').catch(() => undefined);
        await psql.end();
        await watcher.end();
      }
      // The approved revision holds the edit.
      expect((await move(approver, year, 'approve')).statusCode).toBe(200);
      const plan = (await admin.get(`/api/budget/plans/${year}`)).json().data as { revisions: { total: string }[] };
      expect(plan.revisions.at(-1)!.total).toBe('1350.00');
    },
  );
});
