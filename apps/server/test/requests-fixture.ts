import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { as, createUser, login, planningBody, type TestApp } from './helpers.ts';

/** A user of the chain's tests: their id and their API. */
export interface Person {
  id: string;
  api: ReturnType<typeof as>;
}

/**
 * The cast and the money of the expense requests' tests (issue 26), built through the API on the test's own
 * database: a requester and a boss of one workgroup, a boss of another, a superior, administration, providers
 * (valid NITs given by the test) and a 2027 line with Q 100,000 of March assigned from a stop-control cooperating.
 */
export async function requestsFixture(t: TestApp, nits: string[]) {
  const adminToken = await login(t.app);
  const admin = as(t.app, adminToken);
  async function person(keys: string[], name: string, workgroup: string | null = null): Promise<Person> {
    const u = await createUser(t.app, adminToken, ['ejecucion', ...keys], name);
    if (workgroup) await t.database.db.execute(sql`update users set workgroup = ${workgroup} where id = ${u.id}`);
    return { id: u.id, api: as(t.app, u.token) };
  }
  /** A 2027 line with `assigned` (Q) of March assigned from a stop-control cooperating. */
  async function line(assigned: string) {
    const coop = (
      await admin.post('/api/cooperating', {
        name: 'Fundación Cadena',
        code: `C-${randomBytes(3).toString('hex').toUpperCase()}`,
        country: 'GT',
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        currency: 'GTQ',
        ceiling: '900000.00',
        controlMode: 'stop',
      })
    ).json().data;
    const item = (
      await admin.post(`/api/cooperating/${coop.id}/items`, { code: 'R1', name: 'Rubro', initialAmount: '500000' })
    ).json().data;
    const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount: '200000.00' }));
    const id = (await admin.post('/api/budget/planning', await planningBody(admin, { months }))).json().data.id;
    const res = await admin.post(`/api/budget/assignment/${id}/transaction/${item.id}`, {
      type: 'increase',
      reason: 'Asignación',
      months: [{ month: 3, amount: assigned }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return id as string;
  }
  const providerIds: string[] = [];
  for (const [i, nit] of nits.entries())
    providerIds.push(
      (
        await admin.post('/api/providers', {
          name: `Ferretería ${['La Ceiba', 'El Roble', 'San José', 'Central'][i] ?? i}`,
          nit,
          taxRegime: 'general',
          state: '01',
        })
      ).json().data.id,
    );
  const requester = await person(['ejecucion_solicitudes'], 'pide', 'Programas');
  const boss = await person(['ejecucion_aprobacion_jefe'], 'jefa', 'Programas');
  const lineId = await line('100000');

  /** A purchase order (or `type`) with one item of `total` (Q), raised by `who`. */
  async function raise(
    total: string,
    who: Person = requester,
    opts: {
      type?: string;
      items?: Record<string, unknown>[];
      providers?: string[];
      pettyCash?: Record<string, unknown>;
      travel?: Record<string, unknown>;
    } = {},
  ) {
    const type = opts.type ?? 'purchase_order';
    const res = await who.api.post('/api/execution/requests', {
      type,
      year: 2027,
      month: 3,
      description: 'Compra de materiales',
      justification: 'Talleres del mes',
      executionDate: '2027-03-15',
      items: opts.items ?? [{ lineId, description: 'Materiales', unit: 'lote', quantity: '1', unitPrice: total }],
      providerIds: type === 'purchase_order' ? (opts.providers ?? [providerIds[0]]) : [],
      ...(opts.pettyCash ? { pettyCash: opts.pettyCash } : {}),
      ...(opts.travel ? { travel: opts.travel } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ExpenseRequest;
  }
  const read = async (id: string) => (await admin.get(`/api/execution/requests/${id}`)).json().data as ExpenseRequest;
  /** Takes `transition` as `who` at the request's current version; the raw answer. */
  async function move(who: Person, r: { id: string }, transition: string, extra: Record<string, unknown> = {}) {
    return who.api.post(`/api/execution/requests/${r.id}/transition`, {
      transition,
      version: (await read(r.id)).version,
      ...extra,
    });
  }
  /** `move`, expected to pass; the request as answered. */
  async function moved(who: Person, r: { id: string }, transition: string, extra: Record<string, unknown> = {}) {
    const res = await move(who, r, transition, extra);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ExpenseRequest;
  }
  /** What the request holds committed (Q). */
  const committed = async (id: string) =>
    (
      await t.database.db.execute<{ n: string }>(
        sql`select coalesce(sum(amount), 0)::text as n from budget_commitments where source_id = ${id} and kind in ('commit', 'release')`,
      )
    ).rows[0]!.n;

  return {
    admin,
    adminToken,
    person,
    line,
    lineId,
    providerIds,
    requester,
    boss,
    otherBoss: await person(['ejecucion_aprobacion_jefe'], 'otrojefe', 'Finanzas'),
    superior: await person(['ejecucion_aprobacion_superior'], 'superior'),
    administration: await person(['ejecucion_administracion'], 'admin'),
    raise,
    read,
    move,
    moved,
    committed,
  };
}
