import type { ErrorCode } from '@amparo/shared/errors';
import { AppError } from '../errors.ts';

/**
 * One spreadsheet parse at a time per server instance, with at most
 * `maxWaiting` more admitted (issue 23 section 3): parses that all run at once
 * add up their memory (three 1 GB zip bombs in parallel took the server to
 * 4.6 GB before the zip checks), and on 2 cores a second parse only slows the
 * first. Past the cap the request is refused at once, 503 `busy_try_later`
 * with a Retry-After, rather than held with its upload in memory.
 *
 * A request is admitted before its upload is read and takes its turn to
 * parse only once the upload is in: a slow upload holds a place in the
 * queue, never the parse.
 */
export class ParseQueue {
  readonly maxWaiting: number;
  /** The 503's code: `busy_try_later` for spreadsheets; PDF renders (lib/pdf.ts) share this queue with their own. */
  readonly busyCode: ErrorCode;
  #admitted = 0;
  #running = false;
  #turns: (() => void)[] = [];
  /** Recent parses' duration, ms (moving average), for Retry-After; 2 s until one is measured. */
  #averageMs = 2000;

  constructor(maxWaiting: number, busyCode: ErrorCode = 'busy_try_later') {
    this.maxWaiting = maxWaiting;
    this.busyCode = busyCode;
  }

  /** Requests admitted (parsing, waiting to parse, or still receiving their upload). */
  get admitted(): number {
    return this.#admitted;
  }

  /**
   * Runs `prepare` (receiving the upload), then `parse` once no other parse
   * of this queue runs (first come, first served), and gives its result.
   * Errors: 503 `busyCode` with header Retry-After (seconds: the parses
   * ahead times their recent average, 1 to 60) when 1 + `maxWaiting` requests
   * are already admitted; then whatever `prepare` or `parse` throws.
   */
  async run<I, T>(prepare: () => Promise<I>, parse: (input: I) => Promise<T>): Promise<T> {
    if (this.#admitted >= 1 + this.maxWaiting)
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

  #turn(): Promise<void> {
    if (!this.#running) {
      this.#running = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#turns.push(resolve));
  }

  #next() {
    const waiting = this.#turns.shift();
    if (waiting) waiting();
    else this.#running = false;
  }

  #retryAfterSeconds(): number {
    return Math.min(60, Math.max(1, Math.ceil((this.#admitted * this.#averageMs) / 1000)));
  }
}
