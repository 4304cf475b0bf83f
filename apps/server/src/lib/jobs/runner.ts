import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { Jobs, type FailedJob, type JobDefinition } from './jobs.ts';

/**
 * The app's jobs (issue 12, decision 0012): modules `define` theirs while the
 * app is built; `start` (the app's onReady) starts pg-boss once with all of
 * them, and only when there are any; `stop` (onClose) waits for running
 * handlers. `send` queues work for a defined job.
 */
export class JobRunner {
  private readonly definitions: JobDefinition<never>[] = [];
  private jobs: Jobs | null = null;

  /** Adds a job; before `start` only. */
  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.jobs) throw new Error(`jobs: ${definition.name} defined after start`);
    this.definitions.push(definition as unknown as JobDefinition<never>);
  }

  /** Starts pg-boss with every job defined, unless `enabled` is false or none was defined. */
  async start(options: {
    database: Database;
    connectionString?: string;
    log: FastifyBaseLogger;
    enabled?: boolean;
  }): Promise<void> {
    if (this.jobs || this.definitions.length === 0 || options.enabled === false) return;
    this.jobs = await Jobs.start(options, this.definitions);
  }

  /** The defined jobs' names and schedules (tests, docs). */
  list(): { name: string; cron: string | null }[] {
    return this.definitions.map((d) => ({ name: d.name, cron: d.cron ?? null }));
  }

  /** Whether jobs run in this instance (started, not stopped). */
  get running(): boolean {
    return this.jobs !== null;
  }

  /** Queues a job (see `Jobs.send`); throws when the runner was not started. */
  send(name: string, data: object, options?: { startAfter?: Date; singletonKey?: string }): Promise<string | null> {
    if (!this.jobs) throw new Error(`jobs: not started, cannot queue ${name}`);
    return this.jobs.send(name, data, options);
  }

  /** Failed jobs, for administrators (see `Jobs.failed`); none when nothing runs. */
  failed(limit?: number): Promise<FailedJob[]> {
    return this.jobs ? this.jobs.failed(limit) : Promise.resolve([]);
  }

  async stop(): Promise<void> {
    const jobs = this.jobs;
    this.jobs = null;
    await jobs?.stop();
  }
}
