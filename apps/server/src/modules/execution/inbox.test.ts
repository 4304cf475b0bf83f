import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import type { RequestInboxItem } from '@amparo/shared/modules/execution.schema';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { requestsFixture, type Person } from '../../../test/requests-fixture.ts';

/** A valid NIT (SAT modulo-11) of this file's provider. */
const NIT = '76543269';

/**
 * The approver's inbox of expense requests (issue 26 section 5): what waits for the caller by stage, urgent
 * first then the longest waiting, with the counts per stage; a delegate sees the principal's, named; nobody sees
 * their own request waiting for their approval.
 */
describe('the approver inbox of expense requests', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  let requester: Person;
  let boss: Person;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, [NIT]);
    // A workgroup of this file only, so the boss's inbox holds exactly what the test raises.
    requester = await f.person(['ejecucion_solicitudes', 'ejecucion_aprobacion_jefe'], 'pide-bandeja', 'Bandeja');
    boss = await f.person(['ejecucion_aprobacion_jefe'], 'jefe-bandeja', 'Bandeja');
  });
  afterAll(() => t.close());

  const inbox = async (who: Person, query = '') => {
    const res = await who.api.get(`/api/execution/inbox${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      items: RequestInboxItem[];
      total: number;
      totalCapped: boolean;
      stages: { status: string; count: number }[];
    };
  };

  it('lists urgent first, then the longest waiting, with counts per stage; never the caller’s own', async () => {
    const first = await f.raise('100.00', requester);
    const second = await f.raise('200.00', requester);
    const urgent = await f.raise('300.00', requester);
    await t.database.db.execute(sql`update expense_requests set urgent = true where id = ${urgent.id}`);

    const mine = await inbox(boss);
    expect(mine.items.map((i) => i.id)).toEqual([urgent.id, first.id, second.id]);
    expect(mine.stages).toEqual([{ status: 'solicitado', count: 3, capped: false }]);
    expect(mine.items[0]).toMatchObject({ number: urgent.number, urgent: true, actingForName: null });
    // Each row's planning lines and requester, read for the page's rows.
    expect(mine.items.map((i) => [i.lineCount, i.requesterName])).toEqual(Array(3).fill([1, first.requesterName]));
    expect(Date.parse(mine.items[1]!.since)).toBeLessThanOrEqual(Date.parse(mine.items[2]!.since));
    // The requester holds the boss's key of the same workgroup, but approves none of their own.
    expect((await inbox(requester)).items.map((i) => i.id)).not.toContain(first.id);

    // Approved by the boss, it leaves their inbox and waits for administration at its new stage.
    await f.moved(boss, first, 'approve_boss');
    expect((await inbox(boss)).items.map((i) => i.id)).toEqual([urgent.id, second.id]);
    const admin = await inbox(f.administration, '?stage=aprobado_jefe');
    expect(admin.items.map((i) => i.id)).toContain(first.id);
    expect(admin.items.every((i) => i.status === 'aprobado_jefe')).toBe(true);
    expect(admin.total).toBe(admin.stages.find((s) => s.status === 'aprobado_jefe')!.count);
    expect((await inbox(boss, '?stage=aprobado_jefe')).total).toBe(0);
  });

  it('counts each stage only up to four pages past the one asked, and says when there are more', async () => {
    const raiser = await f.person(['ejecucion_solicitudes'], 'pide-muchas', 'Bandeja-cuenta');
    const counter = await f.person(['ejecucion_aprobacion_jefe'], 'jefe-cuenta', 'Bandeja-cuenta');
    for (let i = 0; i < 6; i++) await f.raise('10.00', raiser);
    // Page 1 of 1: counted up to 5, and more wait.
    const first = await inbox(counter, '?pageSize=1');
    expect(first.stages).toEqual([{ status: 'solicitado', count: 5, capped: true }]);
    expect(first).toMatchObject({ total: 5, totalCapped: true });
    // Page 2 of 1 counts up to 6: all of them.
    expect((await inbox(counter, '?pageSize=1&page=2')).stages).toEqual([
      { status: 'solicitado', count: 6, capped: false },
    ]);
  });

  it('shows a delegate the principal’s requests, named, while the delegation runs; pages', async () => {
    const delegate = await f.person([], 'suplente-bandeja');
    const res = await boss.api.post('/api/workflow/delegations', {
      toUserId: delegate.id,
      validFrom: todayInGuatemala(),
      workflow: 'expense_request',
    });
    expect(res.statusCode, res.body).toBe(200);
    const theirs = await inbox(delegate);
    const bossItems = (await inbox(boss)).items;
    expect(theirs.items.map((i) => i.id)).toEqual(bossItems.map((i) => i.id));
    expect(theirs.items[0]!.actingForName).toMatch(/jefe-bandeja/);
    const page = await inbox(delegate, '?pageSize=1&page=2');
    expect(page.items.map((i) => i.id)).toEqual([bossItems[1]!.id]);
    expect(page.total).toBe(bossItems.length);

    await boss.api.post(`/api/workflow/delegations/${res.json().data.id}/end`, {});
    expect((await inbox(delegate)).items).toEqual([]);
  });
});
