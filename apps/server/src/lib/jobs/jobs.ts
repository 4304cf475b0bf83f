import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';

/**
 * Background jobs (issue 12, decision 0012): work queued now or later, work
 * that recurs on a cron schedule, retried with backoff when it throws, and
 * recorded as failed when its retries are spent. One library on both
 * engines: pg-boss, on PostgreSQL through its own small pool (several server
 * instances share the queue; a job is taken by one of them, `SKIP LOCKED`),
 * on the embedded PGlite through pg-boss's PGlite adapter (one process). Jobs
 * are rows in the `pgboss` schema: they survive a restart.
 *
 * A module declares its jobs (`JobDefinition`) and starts them with the app;
 * handlers get the job's data and must not log personal data (the job's name
 * and id are what the log says).
 */

/** One kind of job: its queue, its handler and how it retries. */
export interface JobDefinition<T extends object = object> {
  /** Queue name: `<module>.<what>` (`support.auto-close`, `mail.deliver`). */
  name: string;
  handler: (data: T, job: { id: string }) => Promise<void>;
  /** Retries after the first attempt (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30); doubled each time when `backoff` (default true). */
  retryDelaySeconds?: number;
  backoff?: boolean;
  /**
   * A recurring job: a cron expression (5 fields: minute at the finest), in America/Guatemala. Its queue is a
   * `singleton` (issue 25 section 5): one run at a time over every instance, so a run that outlasts its minute
   * (the every-minute mailer) is never joined by the next one, which would pick the same rows.
   */
  cron?: string;
}

/** How an instance takes part: `work` runs handlers and schedules; `produce` only queues (JOBS_ENABLED=false). */
export type JobsMode = 'work' | 'produce';

/**
 * pg-boss's database interface over a drizzle executor (a transaction): its statements use `$1`-style parameters,
 * turned here into drizzle's, so a job is inserted in the caller's transaction on either engine and is queued
 * only if that transaction commits.
 */
export function executorDb(db: Executor) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const pieces = text.split(/\$(\d+)/);
      const chunks: SQL[] = pieces.map((piece, i) => (i % 2 ? sql`${values[Number(piece) - 1]}` : sql.raw(piece)));
      const result = await db.execute(sql.join(chunks, sql``));
      return { rows: result.rows as unknown[] };
    },
  };
}

/** A job whose retries are spent, for the administrators' view: no data (it may hold personal data). */
export interface FailedJob {
  id: string;
  name: string;
  /** Attempts made (the first and its retries). */
  attempts: number;
  /** The error's message as the handler threw it. */
  error: string | null;
  createdOn: Date;
  completedOn: Date | null;
}

export interface JobsOptions {
  database: Database;
  /** The PostgreSQL URL (the server's DATABASE_URL); unused on PGlite. */
  connectionString?: string;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for work, in seconds (default 2; tests use less). */
  pollingSeconds?: number;
  /** How often recurring jobs are checked for a due run, in seconds (1 to 45, default 30). */
  cronCheckSeconds?: number;
}

const SCHEMA = 'pgboss';
const TIME_ZONE = 'America/Guatemala';

function newBoss(options: Pick<JobsOptions, 'database' | 'connectionString' | 'cronCheckSeconds'>, work: boolean) {
  const { database } = options;
  const common = {
    schema: SCHEMA,
    // Maintenance (expiring, archiving) and the cron clock run only where work runs.
    supervise: work,
    schedule: work,
    ...(options.cronCheckSeconds
      ? { cronWorkerIntervalSeconds: options.cronCheckSeconds, cronMonitorIntervalSeconds: options.cronCheckSeconds }
      : {}),
  };
  if (database.engine === 'pglite') {
    if (!database.pglite) throw new Error('jobs: the embedded database has no PGlite instance');
    return new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' } as never);
  }
  if (!options.connectionString) throw new Error('jobs: PostgreSQL needs its connection string');
  return new PgBoss({ ...common, connectionString: options.connectionString, max: 3 });
}

/**
 * Creates or brings up to date the job tables (pg-boss's own migrations),
 * without running anything: for a template database or a deploy step.
 */
export async function installJobs(options: Pick<JobsOptions, 'database' | 'connectionString'>): Promise<void> {
  const boss = newBoss(options, false);
  await boss.start();
  await boss.stop({ graceful: false });
}

/** The running jobs of one server instance. */
export class Jobs {
  private readonly boss: PgBoss;
  private readonly names: readonly string[];
  private constructor(boss: PgBoss, names: readonly string[]) {
    this.boss = boss;
    this.names = names;
  }

  /**
   * Starts pg-boss (installing its tables when missing), creates each
   * definition's queue with its retry policy, registers its handler, and
   * schedules the recurring ones. `stop()` ends it.
   */
  static async start(
    options: JobsOptions,
    definitions: readonly JobDefinition<never>[],
    mode: JobsMode = 'work',
  ): Promise<Jobs> {
    const work = mode === 'work';
    const boss = newBoss(options, work);
    // pg-boss reports connection and maintenance errors as events; without a listener Node would throw them.
    boss.on('error', (err: Error & { code?: string }) =>
      options.log.error({ code: err.code }, 'jobs: %s', err.message),
    );
    await boss.start();
    for (const def of definitions) {
      const policy = def.cron ? 'singleton' : 'standard';
      // A queue keeps the policy it was created with; a recurring queue made before it was a singleton holds
      // nothing worth keeping (its runs are the schedule's), so it is made again.
      const existing = await boss.getQueue(def.name);
      if (existing && existing.policy !== policy && def.cron) await boss.deleteQueue(def.name);
      await boss.createQueue(def.name, {
        policy,
        retryLimit: def.retryLimit ?? 3,
        retryDelay: def.retryDelaySeconds ?? 30,
        retryBackoff: def.backoff ?? true,
      });
      if (!work) continue;
      const handler = def.handler as JobDefinition['handler'];
      await boss.work(def.name, { pollingIntervalSeconds: options.pollingSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as object, { id: job.id });
      });
      if (def.cron) await boss.schedule(def.name, def.cron, null, { tz: TIME_ZONE });
    }
    return new Jobs(
      boss,
      definitions.map((d) => d.name),
    );
  }

  /**
   * Queues a job now, or after `startAfter`; returns its id (null when a `singletonKey` job is already queued).
   * With `tx`, the job is written in that transaction (`executorDb`): it exists only if the caller commits.
   */
  send(
    name: string,
    data: object,
    options: { startAfter?: Date; singletonKey?: string } = {},
    tx?: Executor,
  ): Promise<string | null> {
    return this.boss.send(name, data, tx ? { ...options, db: executorDb(tx) } : options);
  }

  /** A queue's policy (`standard`, `singleton`, …), or null when it does not exist. */
  async policy(name: string): Promise<string | null> {
    return (await this.boss.getQueue(name))?.policy ?? null;
  }

  /** A job's state (`created`, `retry`, `active`, `completed`, `failed`, `cancelled`) and attempts, or null. */
  async state(name: string, id: string): Promise<{ state: string; attempts: number } | null> {
    const job = await this.boss.getJobById(name, id);
    return job ? { state: job.state, attempts: job.retryCount + 1 } : null;
  }

  /** The jobs of this instance's queues whose retries are spent, newest first, at most `limit`. */
  async failed(limit = 100): Promise<FailedJob[]> {
    const db = this.boss.getDb();
    const { rows } = await db.executeSql(
      `select id, name, retry_count, output, created_on, completed_on from ${SCHEMA}.job
        where state = 'failed' and name = any($1::text[]) order by completed_on desc nulls last limit $2`,
      [this.names, limit],
    );
    return (
      rows as {
        id: string;
        name: string;
        retry_count: number;
        output: { message?: string } | null;
        created_on: Date;
        completed_on: Date | null;
      }[]
    ).map((r) => ({
      id: r.id,
      name: r.name,
      attempts: r.retry_count + 1,
      error: r.output?.message ?? null,
      createdOn: new Date(r.created_on),
      completedOn: r.completed_on ? new Date(r.completed_on) : null,
    }));
  }

  /** Stops taking work, waits up to `timeoutMs` for running handlers, and closes pg-boss's connections. */
  async stop(timeoutMs = 10_000): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: timeoutMs });
  }
}
