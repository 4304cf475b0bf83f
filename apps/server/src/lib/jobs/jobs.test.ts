import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, waitUntil, type TestApp } from '../../../test/helpers.ts';
import { z } from 'zod';
import { postgresOnly } from '../../../test/postgres-only.ts';
import { Jobs, type JobDefinition } from './jobs.ts';
import { JobRunner, defineJob, scheduled } from './runner.ts';

/**
 * Background jobs (issue 12) on the engine under test: a queued job runs once
 * with its data, a failing one is retried and then recorded as failed, a
 * recurring job runs once per occurrence however many instances work the
 * queue, and a job queued before a stop runs after the restart.
 */
let t: TestApp;
const running: Jobs[] = [];

async function start(definitions: JobDefinition<never>[]) {
  const jobs = await Jobs.start(
    {
      database: t.database,
      connectionString: t.databaseUrl ?? undefined,
      log: t.app.log,
      pollingSeconds: 0.5,
      cronCheckSeconds: 1,
    },
    definitions,
  );
  running.push(jobs);
  return jobs;
}
async function stop(jobs: Jobs) {
  running.splice(running.indexOf(jobs), 1);
  await jobs.stop(2_000);
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const jobs of running) await jobs.stop(1_000);
  await t?.close();
});

describe('jobs', () => {
  it('runs a queued job once with its data; a job for later waits for its time', async () => {
    const seen: { n: number; at: number }[] = [];
    const jobs = await start([
      { name: 'test.hello', handler: async (data: { n: number }) => void seen.push({ ...data, at: Date.now() }) },
    ]);
    const id = await jobs.send('test.hello', { n: 1 });
    const later = Date.now() + 2_000;
    await jobs.send('test.hello', { n: 2 }, { startAfter: new Date(later) });
    await waitUntil(() => seen.length === 2);
    expect(seen.map((s) => s.n)).toEqual([1, 2]);
    expect(seen[1]!.at).toBeGreaterThanOrEqual(later - 50);
    expect(await jobs.state('test.hello', id!)).toEqual({ state: 'completed', attempts: 1 });
    await stop(jobs);
  });

  it('retries a job that throws, then records it as failed, listed without its data', async () => {
    let attempts = 0;
    const jobs = await start([
      {
        name: 'test.broken',
        retryLimit: 2,
        retryDelaySeconds: 0,
        backoff: false,
        handler: async () => {
          attempts += 1;
          throw new Error('SMTP refused');
        },
      },
    ]);
    const id = await jobs.send('test.broken', { email: 'persona@example.org' });
    await waitUntil(async () => (await jobs.state('test.broken', id!))?.state === 'failed');
    expect(attempts).toBe(3);
    const failed = await jobs.failed();
    expect(failed).toEqual([expect.objectContaining({ id, name: 'test.broken', attempts: 3, error: 'SMTP refused' })]);
    expect(JSON.stringify(failed)).not.toContain('persona@example.org');
    await stop(jobs);
  });

  it('a recurring job runs once per occurrence with two instances working its queue', async () => {
    const runs: number[] = [];
    const definition: JobDefinition<never> = {
      name: 'test.tick',
      cron: '* * * * *',
      handler: async () => void runs.push(Date.now()),
    };
    // pg-boss runs a schedule's occurrence of the current minute when the schedule is made (it is due: it fell
    // in the last minute). Made well inside a minute, the next occurrence is tens of seconds away: within the
    // next few seconds exactly one run is due, whichever instance takes it. Near a minute's end, wait it out.
    if (new Date().getSeconds() > 48) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1_000));
    const [a, b] = [await start([definition]), await start([definition])];
    await waitUntil(() => runs.length > 0);
    // Both instances check every second: a duplicate would come within this wait.
    await new Promise((r) => setTimeout(r, 4_000));
    await Promise.all([stop(a), stop(b)]);
    expect(runs).toHaveLength(1);
  }, 60_000);

  it('a job queued before a stop runs after the restart (it is stored, not held in memory)', async () => {
    const seen: string[] = [];
    const definition: JobDefinition<{ what: string }> = {
      name: 'test.persisted',
      handler: async (data) => void seen.push(data.what),
    };
    const first = await start([definition as JobDefinition<never>]);
    await first.send('test.persisted', { what: 'after restart' }, { startAfter: new Date(Date.now() + 1_500) });
    await stop(first);
    expect(seen).toEqual([]);
    await start([definition as JobDefinition<never>]);
    await waitUntil(() => seen.length === 1);
    expect(seen).toEqual(['after restart']);
  });
});

/**
 * Issue 25 section 5: a typed handle queues checked data in the caller's transaction, also where no worker runs
 * (JOBS_ENABLED=false: producer-only), and a recurring job's queue is a singleton: one run at a time over every
 * instance.
 */
describe('job handles and singleton schedules', () => {
  const runnerOf = async (enabled: boolean) => {
    const runner = new JobRunner();
    return {
      runner,
      started: (o: Omit<Parameters<JobRunner['start']>[0], 'database' | 'log'> = {}) =>
        runner.start({
          database: t.database,
          connectionString: t.databaseUrl ?? undefined,
          log: t.app.log,
          enabled,
          ...o,
        }),
    };
  };

  it('queues checked data only when the caller commits, even where no worker runs', async () => {
    const kind = defineJob('test.typed', z.object({ n: z.number().int() }));
    const seen: number[] = [];
    // A producer-only instance (JOBS_ENABLED=false): it defines the job but runs nothing.
    const { runner, started } = await runnerOf(false);
    const handle = runner.define(kind, { handler: async ({ n }) => void seen.push(n) });
    await started();
    expect(runner.running).toBe(false);
    const rolledBack = await t.database.db
      .transaction(async (tx) => {
        await handle.send(tx, { n: 1 });
        throw new Error('the caller fails');
      })
      .catch((e: Error) => e.message);
    expect(rolledBack).toBe('the caller fails');
    const id = await t.database.db.transaction((tx) => handle.send(tx, { n: 2 }));
    await expect(t.database.db.transaction((tx) => handle.send(tx, { n: 1.5 }))).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(seen).toEqual([]);
    // A working instance takes what the producer queued: the committed job only.
    const worker = await start([{ name: kind.name, handler: async (data: { n: number }) => void seen.push(data.n) }]);
    await waitUntil(() => seen.length === 1);
    expect(await worker.state(kind.name, id!)).toEqual({ state: 'completed', attempts: 1 });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(seen).toEqual([2]);
    await stop(worker);
    await runner.stop();
  });

  it('makes a recurring job’s queue a singleton, also one made before as a standard queue', async () => {
    const name = 'test.recurring';
    const old = await start([{ name, handler: async () => undefined }]);
    expect(await old.policy(name)).toBe('standard');
    await stop(old);
    const { runner, started } = await runnerOf(false);
    runner.define(scheduled(name), { cron: '0 3 * * *', handler: async () => undefined });
    await started();
    expect(await runner.policy(name)).toBe('singleton');
    await runner.stop();
  });

  postgresOnly(
    'runs one job of a recurring queue at a time over two working instances',
    { timeout: 60_000 },
    async () => {
      const name = 'test.one-at-a-time';
      let active = 0;
      let most = 0;
      let done = 0;
      const definition: JobDefinition<never> = {
        name,
        // A schedule far away: the jobs below are queued by hand, as a slow run overlapping the next would be.
        cron: '0 4 1 1 *',
        handler: async () => {
          active += 1;
          most = Math.max(most, active);
          await new Promise((r) => setTimeout(r, 700));
          active -= 1;
          done += 1;
        },
      };
      const [a, b] = [await start([definition]), await start([definition])];
      for (let i = 0; i < 3; i++) await (i % 2 ? a : b).send(name, {});
      await waitUntil(() => done === 3, 30_000);
      await Promise.all([stop(a), stop(b)]);
      expect(most).toBe(1);
    },
  );
});
