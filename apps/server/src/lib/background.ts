import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has been sent (issue 9 item 3: a reset
 * request answers at once, whatever the account). Errors are logged by task
 * name only (no personal data). The app waits for pending tasks when it
 * closes; tests wait with `idle()`.
 */
export class BackgroundTasks {
  private pending = new Set<Promise<void>>();
  private log: FastifyBaseLogger;
  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  /** Starts `work` now without waiting for it. */
  run(name: string, work: () => Promise<void>): void {
    const task: Promise<void> = work()
      .catch((err: unknown) =>
        this.log.error({ task: name, code: (err as { code?: string }).code }, 'background task failed'),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every task started so far (and any they started) has ended. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
