import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { WorkQueue } from './work-queue.ts';

/** A promise and the function that settles it: a parse held in flight until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('work queue: spreadsheet parses (issue 23 section 3), PDF renders and budget summaries', () => {
  it('parses one file at a time, in the order their uploads came in', async () => {
    const queue = new WorkQueue(4);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const parse = async (n: number) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push(n);
      running--;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4].map((n) => queue.run(async () => n, parse)));
    expect(results).toEqual([1, 2, 3, 4]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(most).toBe(1);
    expect(queue.admitted).toBe(0);
  });

  it('refuses past the waiting cap with 503 and a Retry-After in seconds, and admits again once one is done', async () => {
    const queue = new WorkQueue(1);
    const first = gate();
    const running = queue.run(
      async () => null,
      () => first.opened,
    );
    const waiting = queue.run(
      async () => null,
      async () => 'second',
    );
    const refused = await queue
      .run(
        async () => null,
        async () => 'third',
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'busy_try_later' });
    expect(Number((refused as AppError).headers['retry-after'])).toBeGreaterThanOrEqual(1);
    first.open();
    await running;
    expect(await waiting).toBe('second');
    // A refused parse and a failed one both give their place back.
    await expect(
      queue.run(
        async () => Promise.reject(new Error('upload cut')),
        async () => 'x',
      ),
    ).rejects.toThrow();
    expect(
      await queue.run(
        async () => 1,
        async (n) => n + 1,
      ),
    ).toBe(2);
    expect(queue.admitted).toBe(0);
  });

  it('holds a place, not the parse, while an upload comes in', async () => {
    const queue = new WorkQueue(1);
    const upload = gate();
    const slow = queue.run(
      () => upload.opened,
      async () => 'slow',
    );
    // The slow upload's request waits for its bytes; another, already in, parses meanwhile.
    expect(
      await queue.run(
        async () => null,
        async () => 'fast',
      ),
    ).toBe('fast');
    upload.open();
    expect(await slow).toBe('slow');
  });
  it('runs up to its concurrency at once, the rest in turn, and refuses past concurrency + waiting', async () => {
    const queue = new WorkQueue(1, 'busy_try_later', 2);
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const tasks = gates.map((g, n) =>
      queue.task(async () => {
        started.push(n);
        await g.opened;
        return n;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Two run; the third waits its turn.
    expect(started).toEqual([0, 1]);
    await expect(queue.task(async () => 'fourth')).rejects.toMatchObject({ status: 503, code: 'busy_try_later' });
    gates[1]!.open();
    expect(await tasks[1]).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2]);
    expect(queue.admitted).toBe(0);
  });
});
