import { appendFileSync } from 'node:fs';
import { it, type TestOptions } from 'vitest';

/**
 * Tests of a concurrency rule (decision 0024): a limit under parallel writes, a number without gaps, a lock order.
 * PGlite runs one transaction at a time, so such a test passes there even with the lock removed from the code;
 * it runs on PostgreSQL only. Each one that starts writes its title to POSTGRES_ONLY_LOG (when set), and
 * `.ci/run` fails when fewer ran than the tests declare `postgresOnly(` (scripts/check-postgres-only.ts), so a
 * run without PostgreSQL, or a race test skipped by mistake, cannot pass CI.
 */
export const onPostgres = process.env.TEST_ENGINE === 'postgres';

/** A test that runs on PostgreSQL only (see above); `options` as vitest's (a timeout for many writers). */
export function postgresOnly(name: string, options: TestOptions, fn: () => Promise<void>): void;
export function postgresOnly(name: string, fn: () => Promise<void>): void;
export function postgresOnly(
  name: string,
  optionsOrFn: TestOptions | (() => Promise<void>),
  maybeFn?: () => Promise<void>,
): void {
  const [options, fn] = typeof optionsOrFn === 'function' ? [{}, optionsOrFn] : [optionsOrFn, maybeFn!];
  it.runIf(onPostgres)(name, options, async () => {
    const log = process.env.POSTGRES_ONLY_LOG;
    if (log) appendFileSync(log, `${name}\n`);
    await fn();
  });
}
