import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import type { InboxItem } from '@amparo/shared/workflow';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { requestsFixture, type Person } from '../../../test/requests-fixture.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';
import { pettyCashFund } from '../../../test/petty-cash-fixture.ts';
import { money } from '@amparo/shared/money';

/** A valid NIT (SAT modulo-11) of this file's provider. */
const NIT = '76543269';

/**
 * The approval chain of an expense request (issue 26 section 4): boss of the requester's workgroup, a superior
 * above the band (skipped and recorded below it), administration; every approval recorded with its amount and
 * version; no self-approval, directly or through a delegate, with the fallback taken; returns to an earlier stage
 * void what came after and keep the history; a final rejection releases the committed amount; the inbox and the
 * notices follow.
 */
describe('the approval chain of an expense request', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  let requester: Person;
  let boss: Person;
  let otherBoss: Person;
  let superior: Person;
  let administration: Person;
  let lineId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    // The seeded administrator holds every key but no workgroup: never the boss of a workgroup here.
    f = await requestsFixture(t, [NIT]);
    ({ requester, boss, otherBoss, superior, administration, lineId } = f);
  });
  afterAll(() => t.close());

  const person = (keys: string[], name: string, workgroup: string | null = null) => f.person(keys, name, workgroup);
  const raise = (total: string, who: Person = requester, type = 'purchase_order') => f.raise(total, who, { type });
  const read = (id: string) => f.read(id);
  const move = (who: Person, r: { id: string }, transition: string, extra: Record<string, unknown> = {}) =>
    f.move(who, r, transition, extra);
  const moved = (who: Person, r: { id: string }, transition: string, extra: Record<string, unknown> = {}) =>
    f.moved(who, r, transition, extra);
  const committed = (id: string) => f.committed(id);
  const inboxOf = async (who: Person) =>
    ((await who.api.get('/api/workflow/inbox')).json().data as InboxItem[]).filter(
      (i) => i.workflow === 'expense_request',
    );

  it('goes boss → superior → administration above the band, recording each approval; the inbox follows', async () => {
    const r = await raise('6000.00');
    expect((await inboxOf(boss)).map((i) => i.recordId)).toContain(r.id);
    expect((await inboxOf(otherBoss)).map((i) => i.recordId)).not.toContain(r.id);
    expect((await inboxOf(boss)).find((i) => i.recordId === r.id)?.titleParams).toMatchObject({
      number: r.number,
      total: '6000.00',
    });
    // The boss of another workgroup may not; administration may not before the superior.
    expect((await move(otherBoss, r, 'approve_boss')).statusCode).toBe(403);
    const a = await moved(boss, r, 'approve_boss');
    expect(a).toMatchObject({ status: 'aprobado_jefe', needsSuperior: true });
    expect((await inboxOf(superior)).map((i) => i.recordId)).toContain(r.id);
    expect((await move(administration, r, 'approve_admin')).json()).toMatchObject({
      code: 'transition_not_allowed',
    });
    const b = await moved(superior, r, 'approve_superior');
    expect(b.status).toBe('aprobacion_superior');
    expect((await inboxOf(administration)).map((i) => i.recordId)).toContain(r.id);
    const c = await moved(administration, r, 'approve_admin');
    expect(c.status).toBe('aprobacion');
    expect(c.approvals.map((x) => [x.stage, x.amount, x.voidedAt])).toEqual([
      ['boss', '6000.00', null],
      ['superior', '6000.00', null],
      ['administration', '6000.00', null],
    ]);
    expect(c.approvals[0]!.requestVersion).toBe(1);
    expect(c.history.map((h) => [h.transition, h.from, h.to, h.skipped])).toEqual([
      ['approve_boss', 'solicitado', 'aprobado_jefe', []],
      ['approve_superior', 'aprobado_jefe', 'aprobacion_superior', []],
      ['approve_admin', 'aprobacion_superior', 'aprobacion', []],
    ]);
    expect(c.steps.slice(0, 5).map((s) => s.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'current',
      'pending',
    ]);
    // A purchase order then waits for administration's comparative table.
    expect(await inboxOf(administration)).toContainEqual(
      expect.objectContaining({ recordId: r.id, state: 'aprobacion' }),
    );
    expect(await inboxOf(superior)).not.toContainEqual(expect.objectContaining({ recordId: r.id }));
  });

  it('asks the superior only above the band: one centavo below and at it the stage is skipped and recorded', async () => {
    const threshold = await t.database.db.execute<{ v: string }>(
      sql`select value #>> '{}' as v from setting_values where key = 'request_superior_approval_threshold'
           and valid_from <= ${todayInGuatemala()} order by valid_from desc limit 1`,
    );
    expect(threshold.rows[0]!.v).toBe('5000.00');
    for (const [total, needs] of [
      ['4999.99', false],
      ['5000.00', false],
      ['5000.01', true],
    ] as const) {
      const r = await raise(total);
      const a = await moved(boss, r, 'approve_boss');
      expect(a.needsSuperior, total).toBe(needs);
      if (needs) {
        expect((await move(administration, r, 'approve_admin')).statusCode, total).toBe(403);
        expect((await moved(superior, r, 'approve_superior')).status).toBe('aprobacion_superior');
      } else {
        expect((await move(superior, r, 'approve_superior')).statusCode, total).toBe(403);
      }
      const done = await moved(administration, r, 'approve_admin');
      expect(done.status).toBe('aprobacion');
      expect(done.history.at(-1)!.skipped, total).toEqual(needs ? [] : ['aprobacion_superior']);
      expect(done.steps.find((s) => s.state === 'aprobacion_superior')!.status, total).toBe(
        needs ? 'completed' : 'skipped',
      );
    }
  });

  it('keeps both approvals when one person approves at two stages', async () => {
    const both = await person(['ejecucion_aprobacion_superior', 'ejecucion_administracion'], 'ambos');
    const r = await raise('7000.00');
    await moved(boss, r, 'approve_boss');
    await moved(both, r, 'approve_superior');
    const done = await moved(both, r, 'approve_admin');
    const mine = done.approvals.filter((a) => a.stage !== 'boss');
    expect(mine.map((a) => a.stage)).toEqual(['superior', 'administration']);
    expect(new Set(mine.map((a) => a.approvedByName)).size).toBe(1);
  });

  it('refuses self-approval, directly or through a delegate, and takes the fallback when the requester is the only boss', async () => {
    // A boss who raises a request: the only boss of the workgroup 'Solo'.
    const lone = await person(['ejecucion_solicitudes', 'ejecucion_aprobacion_jefe'], 'solo', 'Solo');
    const r = await raise('100.00', lone);
    const self = await move(lone, r, 'approve_boss');
    expect(self.statusCode).toBe(403);
    expect(self.json().errors[0]).toMatchObject({ code: 'transition_not_yours' });
    // No boss of 'Solo' but the requester: a superior takes the stage (never stuck), and sees it in the inbox.
    expect((await inboxOf(superior)).map((i) => i.recordId)).toContain(r.id);
    expect((await moved(superior, r, 'approve_boss')).status).toBe('aprobado_jefe');

    // The boss delegates to the requester: acting for the boss on their own request is refused.
    const res = await boss.api.post('/api/workflow/delegations', {
      toUserId: requester.id,
      validFrom: todayInGuatemala(),
      workflow: 'expense_request',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await raise('100.00');
    const through = await move(requester, mine, 'approve_boss', { actingFor: boss.id });
    expect(through.statusCode).toBe(403);
    expect((await read(mine.id)).status).toBe('solicitado');
    // A request of someone else: the delegate approves for the boss, and the history says for whom.
    const other = await raise('100.00', await person(['ejecucion_solicitudes'], 'colega', 'Programas'));
    const done = await moved(requester, other, 'approve_boss', { actingFor: boss.id });
    expect(done.history.at(-1)!.actingForName).toMatch(/^Usuario jefa/);
    expect(done.approvals[0]!.actingForName).not.toBeNull();
    await boss.api.post(`/api/workflow/delegations/${res.json().data.id}/end`, {});
  });

  it('refuses every move not open from the status, and a stale version', async () => {
    const r = await raise('100.00');
    for (const transition of ['approve_superior', 'approve_admin', 'return'])
      expect((await move(administration, r, transition, { reason: 'x', returnTo: 'solicitado' })).statusCode).toBe(403);
    const stale = await administration.api.post(`/api/execution/requests/${r.id}/transition`, {
      transition: 'reject',
      version: 99,
      reason: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_transition');
    // Rejection needs a reason; a boss of another workgroup may not reject.
    expect((await move(boss, r, 'reject')).statusCode).toBe(400);
    expect((await move(otherBoss, r, 'reject', { reason: 'No' })).statusCode).toBe(403);
    expect((await read(r.id)).status).toBe('solicitado');
  });

  it('returns to an earlier stage only, voiding the approvals from it on; the history keeps what was removed', async () => {
    const r = await raise('6000.00');
    await moved(boss, r, 'approve_boss');
    await moved(superior, r, 'approve_superior');
    await moved(administration, r, 'approve_admin');
    const forward = await move(administration, r, 'return', { returnTo: 'aprobacion', reason: 'Falta algo' });
    expect(forward.statusCode).toBe(400);
    const back = await moved(administration, r, 'return', { returnTo: 'aprobado_jefe', reason: 'Revisar precios' });
    expect(back.status).toBe('aprobado_jefe');
    expect(back.approvals.map((a) => [a.stage, a.voidedAt === null])).toEqual([
      ['boss', true],
      ['superior', false],
      ['administration', false],
    ]);
    expect(back.history.at(-1)).toMatchObject({
      transition: 'return',
      from: 'aprobacion',
      to: 'aprobado_jefe',
      reason: 'Revisar precios',
      details: { removed: [{ kind: 'approval' }, { kind: 'approval' }] },
    });
    // The superior approves again; then administration returns it to the requester, who edits it.
    await moved(superior, r, 'approve_superior');
    const toDraft = await moved(administration, r, 'return', { returnTo: 'solicitado', reason: 'Cambie el monto' });
    expect(toDraft).toMatchObject({ status: 'solicitado', needsSuperior: null });
    expect(toDraft.approvals.every((a) => a.voidedAt !== null)).toBe(true);
    const notices = (await requester.api.get('/api/notifications?filter=all')).json().data;
    expect(JSON.stringify(notices)).toContain('execution.request_returned');
    const edit = await requester.api.put(`/api/execution/requests/${r.id}`, {
      year: 2027,
      month: 3,
      description: 'Compra de materiales',
      justification: 'Talleres del mes',
      executionDate: '2027-03-15',
      items: [{ lineId, description: 'Materiales', unit: 'lote', quantity: '1', unitPrice: '4000.00' }],
      providerIds: f.providerIds,
      version: toDraft.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await committed(r.id)).toBe('4000.00');
    const again = await moved(boss, r, 'approve_boss');
    expect(again).toMatchObject({ needsSuperior: false });
    expect(
      again.approvals.filter((a) => a.voidedAt === null).map((a) => [a.stage, a.amount, a.requestVersion]),
    ).toEqual([['boss', '4000.00', edit.json().data.version]]);
  });

  it('a final rejection releases what the request holds committed, and tells the requester', async () => {
    const r = await raise('1500.00');
    expect(await committed(r.id)).toBe('1500.00');
    await moved(boss, r, 'approve_boss');
    const rejected = await moved(administration, r, 'reject', { reason: 'Fuera de la política de compras' });
    expect(rejected.status).toBe('rechazado');
    expect(await committed(r.id)).toBe('0.00');
    expect(rejected.allowed).toEqual([]);
    expect((await move(administration, r, 'approve_admin')).statusCode).toBe(403);
    const notices = (await requester.api.get('/api/notifications?filter=all')).json().data;
    expect(JSON.stringify(notices)).toContain('Fuera de la política de compras');
  });

  it('shows a request to its requester and approvers only', async () => {
    const r = await raise('100.00');
    expect((await boss.api.get(`/api/execution/requests/${r.id}`)).statusCode).toBe(200);
    // A superior may not move it yet, and opens it all the same: the chain's keys open every request.
    const bySuperior = await superior.api.get(`/api/execution/requests/${r.id}`);
    expect(bySuperior.statusCode).toBe(200);
    expect(bySuperior.json().data.allowed).toEqual([]);
    const outsider = await person(['ejecucion_solicitudes'], 'ajeno', 'Programas');
    expect((await outsider.api.get(`/api/execution/requests/${r.id}`)).statusCode).toBe(404);
    const author = await person(['ejecucion_solicitudes'], 'autora', 'Programas');
    const own = await raise('100.00', author);
    const mine = (await author.api.get(`/api/execution/requests/${own.id}`)).json().data as ExpenseRequest;
    expect(mine.allowed).toEqual([]);
    expect(mine.steps[0]).toEqual({ state: 'solicitado', status: 'current' });
  });

  /** A petty-cash request approved by the boss and administration (below the band): waiting for its payment. */
  async function approvedPettyCash(total = '1234.50') {
    // The requester's fund of Q 2,000.00: `total` spent and the rest counted, so the replenishment is `total`.
    const fund = await pettyCashFund(f.admin, requester.api, requester.id);
    await fund.spend(total);
    const counted = await fund.count(money('2000').minus(total).toFixed(2), requester.api, null);
    const r = await f.raise(total, requester, { type: 'petty_cash', pettyCash: fund.input(counted.id) });
    await moved(boss, r, 'approve_boss');
    await moved(administration, r, 'approve_admin');
    return r;
  }
  const check = (over: Record<string, unknown> = {}) => ({
    method: 'check',
    bankAccount: '3-033-12345-6',
    checkNumber: 1001,
    payeeName: 'María López, custodia de caja chica',
    ...over,
  });

  it('pays a request without a comparative table by check, in words, skipping the two stages on the record', async () => {
    const r = await approvedPettyCash();
    const paid = await moved(administration, r, 'issue_payment', { payment: check({ checkNumber: 5001 }) });
    expect(paid.status).toBe('emision_cheque');
    expect(paid.history.at(-1)!.skipped).toEqual(['cuadro_comparativo_admin', 'proveedor_seleccionado']);
    expect(paid.payments).toEqual([
      expect.objectContaining({
        method: 'check',
        bankAccount: '3033123456',
        checkNumber: 5001,
        payeeName: 'María López, custodia de caja chica',
        nonNegotiable: true,
        amount: '1234.50',
        amountInWords: 'UN MIL DOSCIENTOS TREINTA Y CUATRO QUETZALES CON 50/100',
        voidedAt: null,
      }),
    ]);
    // A purchase order does not skip its comparative table, not even for the fallback's holders (role
    // administrators): the fallback opens only what only the requester could take.
    const po = await raise('100.00');
    await moved(boss, po, 'approve_boss');
    await moved(administration, po, 'approve_admin');
    expect(
      (await move(administration, po, 'issue_payment', { payment: check({ checkNumber: 5002 }) })).statusCode,
    ).toBe(403);
    const roles = await person(['configuracion', 'configuracion_roles'], 'roles');
    const byRoles = await move(roles, po, 'issue_payment', { payment: check({ checkNumber: 5002 }) });
    expect(byRoles.statusCode, byRoles.body).toBe(403);
    expect((await read(po.id)).history.map((h) => h.details?.fallback ?? null)).toEqual([null, null]);
  });

  it('refuses a payment without its data or with a check number used on the account; a voided check keeps its number', async () => {
    const r = await approvedPettyCash('300.00');
    expect((await move(administration, r, 'issue_payment')).json().errors).toEqual([
      { field: 'payment', code: 'required' },
    ]);
    const bad = await move(administration, r, 'issue_payment', { payment: { ...check(), checkNumber: null } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual(
      expect.objectContaining({ field: 'payment.checkNumber', code: 'required' }),
    );
    const transfer = await move(administration, r, 'issue_payment', {
      payment: { method: 'transfer', bankAccount: '3033123456', payeeName: 'Custodia' },
    });
    expect(transfer.json().errors).toContainEqual(
      expect.objectContaining({ field: 'payment.transactionNumber', code: 'required' }),
    );
    await moved(administration, r, 'issue_payment', { payment: check({ checkNumber: 6001 }) });
    // The same number on the same account (written differently) is refused; on another account it is another check.
    const other = await approvedPettyCash('200.00');
    const dup = await move(administration, other, 'issue_payment', {
      payment: check({ checkNumber: 6001, bankAccount: '3033123456' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ field: 'payment.checkNumber', code: 'duplicate' }]);
    expect((await read(other.id)).status).toBe('aprobacion');
    await moved(administration, other, 'issue_payment', {
      payment: check({ checkNumber: 6001, bankAccount: '999-1' }),
    });
    // Sent back, the check is voided and kept; its number stays used.
    const back = await moved(administration, r, 'return', { returnTo: 'aprobacion', reason: 'Cheque mal impreso' });
    expect(back.payments[0]).toMatchObject({ checkNumber: 6001, voidReason: 'Cheque mal impreso' });
    expect(back.payments[0]!.voidedAt).not.toBeNull();
    expect(back.history.at(-1)!.details).toMatchObject({ removed: [{ kind: 'check', label: '6001' }] });
    expect((await move(administration, r, 'issue_payment', { payment: check({ checkNumber: 6001 }) })).statusCode).toBe(
      409,
    );
    const register = (
      await administration.api.get('/api/execution/payments?bankAccount=3-033-12345-6&checkNumber=6001')
    ).json().data;
    expect(register.items).toEqual([
      expect.objectContaining({ requestId: r.id, requestNumber: r.number, voidReason: 'Cheque mal impreso' }),
    ]);
    expect((await requester.api.get('/api/execution/payments')).statusCode).toBe(403);
  });

  it('pays by transfer with its transaction number', async () => {
    const r = await approvedPettyCash('50.00');
    const paid = await moved(administration, r, 'issue_payment', {
      payment: { method: 'transfer', bankAccount: '3033123456', transactionNumber: 'TRX-778', payeeName: 'Custodia' },
    });
    expect(paid.payments[0]).toMatchObject({ method: 'transfer', checkNumber: null, transactionNumber: 'TRX-778' });
  });

  postgresOnly('lets one of two checks with one number on one account through, written at once', async () => {
    const [a, b] = [await approvedPettyCash('10.00'), await approvedPettyCash('11.00')];
    const results = await Promise.all(
      [a, b].map((r) => move(administration, r, 'issue_payment', { payment: check({ checkNumber: 7001 }) })),
    );
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409]);
  });
});
