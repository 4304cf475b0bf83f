import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../lib/actor.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { requestsFixture } from '../../../test/requests-fixture.ts';
import { remindWaitingRequests } from './requests.reminders.ts';

/** A valid NIT (SAT modulo-11) of this file's provider. */
const NIT = '76543315';
const DAY = 24 * 60 * 60 * 1000;

/**
 * Reminders (issue 26 section 4): a request waiting at a stage longer than `request_reminder_working_days`
 * working days reminds whoever may move it, once per that many working days, from the hourly job.
 */
describe('reminders of requests waiting for approval', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, [NIT]);
  });
  afterAll(() => t.close());

  const robot = systemActor('job:execution.remind-waiting');
  /** How many pending notices of `requestId` `who` (default the boss) has. */
  const notices = async (requestId: string, who = f.boss.id) =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from notifications where recipient_id = ${who}
             and kind = 'execution.request_pending' and link = ${`/execution/requests/${requestId}`}`,
      )
    ).rows[0]!.n;

  it('reminds the boss of a request waiting more than two working days, once, and not of a fresh one', async () => {
    const old = await f.raise('100.00');
    const fresh = await f.raise('100.00');
    await t.database.db.execute(
      sql`update expense_requests set created_at = ${new Date(Date.now() - 10 * DAY)} where id = ${old.id}`,
    );
    const before = await notices(old.id);
    expect(await notices(fresh.id)).toBe(1);
    const now = new Date();
    expect(await remindWaitingRequests(t.database.db, robot, now)).toBeGreaterThanOrEqual(1);
    expect(await notices(old.id)).toBe(before + 1);
    expect(await notices(fresh.id)).toBe(1);
    // The next run, an hour later, does not remind again; ten days later it does.
    await remindWaitingRequests(t.database.db, robot, new Date(now.getTime() + 60 * 60 * 1000));
    expect(await notices(old.id)).toBe(before + 1);
    await remindWaitingRequests(t.database.db, robot, new Date(now.getTime() + 10 * DAY));
    expect(await notices(old.id)).toBe(before + 2);
    // Approved, it waits for administration since the approval (not since its creation): nothing is due yet.
    await f.moved(f.boss, old, 'approve_boss');
    expect(await notices(old.id, f.administration.id)).toBe(1);
    await remindWaitingRequests(t.database.db, robot, new Date());
    expect(await notices(old.id, f.administration.id)).toBe(1);
  });

  it('registers the hourly job', () => {
    expect(t.app.jobs.list().filter((j) => j.name.startsWith('execution.'))).toEqual([
      { name: 'execution.remind-waiting', cron: '0 * * * *' },
    ]);
  });
});
