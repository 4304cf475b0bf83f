import type { ErrorCode } from '@amparo/shared/errors';
import { AppError } from './errors.ts';

/**
 * Heavy work that takes its turn per server instance: at most `concurrency`
 * tasks run at once, first come, first served, with at most `maxWaiting` more
 * admitted. Past the cap the request is refused at once, 503 `busyCode` with a
 * Retry-After, rather than held.
 *
 * - Spreadsheet parses (issue 23 section 3): one at a time, since parses that
 *   all run at once add up their memory (three 1 GB zip bombs in parallel took
 *   the server to 4.6 GB before the zip checks), and on 2 cores a second parse
 *   only slows the first. PDF renders (lib/pdf.ts) likewise.
 * - Budget summaries (issue 24 section 1, `REPORT_CONCURRENCY`): a few at a
 *   time, so the writes that move money never queue behind ten reports' CPU.
 *
 * A request is admitted before its upload is read and takes its turn only
 * once the upload is in (`prepare`): a slow upload holds a place in the queue,
 * never a turn.
 */
export class WorkQueue {
  readonly maxWaiting: number;
  /** The 503's code: `busy_try_later` for spreadsheets; PDF renders (lib/pdf.ts) share this queue with their own. */
  readonly busyCode: ErrorCode;
  /** Tasks that may run at once. */
  readonly concurrency: number;
  #admitted = 0;
  #running = 0;
  #turns: (() => void)[] = [];
  /** Recent tasks' duration, ms (moving average), for Retry-After; 2 s until one is measured. */
  #averageMs = 2000;

  constructor(maxWaiting: number, busyCode: ErrorCode = 'busy_try_later', concurrency = 1) {
    this.maxWaiting = maxWaiting;
    this.busyCode = busyCode;
    this.concurrency = concurrency;
  }

  /** Requests admitted (running, waiting their turn, or still receiving their upload). */
  get admitted(): number {
    return this.#admitted;
  }

  /**
   * Runs `prepare` (receiving the upload), then `parse` once fewer than
   * `concurrency` tasks of this queue run (first come, first served), and
   * gives its result. Errors: 503 `busyCode` with header Retry-After (seconds:
   * the tasks ahead times their recent average over `concurrency`, 1 to 60)
   * when `concurrency` + `maxWaiting` requests are already admitted; then
   * whatever `prepare` or `parse` throws.
   */
  async run<I, T>(prepare: () => Promise<I>, parse: (input: I) => Promise<T>): Promise<T> {
    if (this.#admitted >= this.concurrency + this.maxWaiting)
      throw new AppError(503, this.busyCode, [], { 'retry-after': String(this.#retryAfterSeconds()) });
    this.#admitted++;
    try {
      const input = await prepare();
      await this.#turn();
      const started = performance.now();
      try {
        return await parse(input);
      } finally {
        this.#averageMs = 0.7 * this.#averageMs + 0.3 * (performance.now() - started);
        this.#next();
      }
    } finally {
      this.#admitted--;
    }
  }

  /** Runs `task` in its turn (`run` with nothing to receive first); the same errors. */
  task<T>(task: () => Promise<T>): Promise<T> {
    return this.run(async () => undefined, task);
  }

  #turn(): Promise<void> {
    if (this.#running < this.concurrency) {
      this.#running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#turns.push(resolve));
  }

  /** A task is done: its turn passes to the first waiting, or is freed. */
  #next() {
    const waiting = this.#turns.shift();
    if (waiting) waiting();
    else this.#running--;
  }

  #retryAfterSeconds(): number {
    return Math.min(60, Math.max(1, Math.ceil((this.#admitted * this.#averageMs) / this.concurrency / 1000)));
  }
}
