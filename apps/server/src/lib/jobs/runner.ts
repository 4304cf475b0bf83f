import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { Jobs, type FailedJob, type JobDefinition } from './jobs.ts';

/**
 * The app's jobs (issue 12, decision 0012; typed handles, issue 25 section 5): modules `define` theirs while the
 * app is built; `start` (the app's onReady) starts pg-boss once with all of them, and only when there are any;
 * `stop` (onClose) waits for running handlers. A job's handle queues typed data in the caller's transaction.
 * With JOBS_ENABLED=false nothing runs here, but a handle still queues: pg-boss starts producer-only on the first
 * job sent (queues, no workers, no schedule), and an instance that works takes the job.
 */

/** A kind of job: its queue name (`<module>.<what>`) and the schema of its data. */
export interface JobType<T> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
}

/** A job kind with typed data (issue 25 section 5); `app.jobs.define(type, …)` gives its handle. */
export function defineJob<T>(name: string, schema: z.ZodType<T>): JobType<T> {
  return { name, schema };
}

/** A recurring job's kind: it carries no data (the schedule queues it); its handler reads what it needs. */
export const scheduled = (name: string) => defineJob(name, z.null().catch(null));

/** What a job of a kind does and how it retries (see `JobDefinition`), with its data typed. */
export type JobOptions<T> = Omit<JobDefinition, 'name' | 'handler'> & {
  handler: (data: T, job: { id: string }) => Promise<void>;
};

/** A defined job of this app. */
export interface JobHandle<T> extends JobType<T> {
  /**
   * Queues `data` (checked against the schema; a ZodError for bad data) in `tx`: the job exists only if the
   * caller's transaction commits. Returns its id (null when a `singletonKey` job is already queued).
   */
  send(tx: Executor, data: T, options?: { startAfter?: Date; singletonKey?: string }): Promise<string | null>;
}

interface StartOptions {
  database: Database;
  connectionString?: string;
  log: FastifyBaseLogger;
  enabled?: boolean;
}

export class JobRunner {
  private readonly definitions: JobDefinition<never>[] = [];
  private jobs: Jobs | null = null;
  private producer: Promise<Jobs> | null = null;
  private startOptions: StartOptions | null = null;

  /** Adds a job kind with its handler and returns its handle; before `start` only. */
  define<T>(type: JobType<T>, options: JobOptions<T>): JobHandle<T> {
    if (this.jobs || this.startOptions) throw new Error(`jobs: ${type.name} defined after start`);
    const { handler, ...policy } = options;
    this.definitions.push({
      ...policy,
      name: type.name,
      // The stored data is checked again when it runs: a job queued by an older version fails loudly.
      handler: (data: unknown, job: { id: string }) => handler(type.schema.parse(data), job),
    } as unknown as JobDefinition<never>);
    return {
      ...type,
      send: async (tx, data, sendOptions) =>
        (await this.queue()).send(type.name, type.schema.parse(data) as object, sendOptions, tx),
    };
  }

  /**
   * Starts pg-boss with every job defined (workers and schedules), unless none was defined. With `enabled` false it
   * starts producer-only, and only when a job that carries data is defined (schedules run where work runs): now,
   * not on the first send, which comes inside a transaction, and on PGlite (one connection) pg-boss's own start
   * would wait for that transaction to end.
   */
  async start(options: StartOptions): Promise<void> {
    this.startOptions = options;
    if (this.jobs || this.definitions.length === 0) return;
    if (options.enabled !== false) this.jobs = await Jobs.start(options, this.definitions);
    else if (this.definitions.some((d) => !d.cron)) await this.queue();
  }

  /** Where a job is queued: the working instance, or a producer-only one started on first use. */
  private queue(): Promise<Jobs> {
    if (this.jobs) return Promise.resolve(this.jobs);
    const options = this.startOptions;
    if (!options) throw new Error('jobs: a job was sent before the app started');
    this.producer ??= Jobs.start(options, this.definitions, 'produce');
    return this.producer;
  }

  /** The defined jobs' names and schedules (tests, docs). */
  list(): { name: string; cron: string | null }[] {
    return this.definitions.map((d) => ({ name: d.name, cron: d.cron ?? null }));
  }

  /** Whether handlers run in this instance (started with work, not stopped). */
  get running(): boolean {
    return this.jobs !== null;
  }

  /** Failed jobs, for administrators (see `Jobs.failed`); none when nothing runs. */
  failed(limit?: number): Promise<FailedJob[]> {
    return this.jobs ? this.jobs.failed(limit) : Promise.resolve([]);
  }

  /** A queue's policy (tests: recurring queues are singletons); null before anything started. */
  async policy(name: string): Promise<string | null> {
    return (await this.queue()).policy(name);
  }

  async stop(): Promise<void> {
    const jobs = this.jobs;
    const producer = this.producer;
    this.jobs = null;
    this.producer = null;
    await jobs?.stop();
    await (await producer?.catch(() => null))?.stop();
  }
}
