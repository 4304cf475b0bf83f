import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Routes whose success no test can reach through the API, each with why. Every
 * other registered route must answer a 2xx somewhere in the suite (issue 10
 * item 7): a route tested only for its refusals could be broken for everyone.
 */
const NO_SUCCESS_EXPECTED: Record<string, string> = {};

/**
 * After a whole run of one engine: the registered routes (the committed route
 * → permission snapshot) that no test answered with a 2xx. With
 * ROUTE_COVERAGE=check (`npm test` sets it) a missing route fails the run;
 * `npx vitest run <file>` (no ROUTE_COVERAGE) skips the check.
 */
export function checkRouteCoverage(dir: string, engine: string) {
  if (!existsSync(dir)) return;
  const answered = new Set<string>();
  for (const file of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const m = /^(\S+) (\S+) (\d{3})$/.exec(line);
      if (m && m[3]!.startsWith('2')) answered.add(`${m[1]} ${m[2]}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  if (process.env.ROUTE_COVERAGE !== 'check') return;
  const routes = Object.keys(
    JSON.parse(readFileSync(new URL('./route-permissions.snapshot.json', import.meta.url), 'utf8')) as object,
  );
  const missing = routes.filter((r) => !answered.has(r) && !(r in NO_SUCCESS_EXPECTED) && r.includes(' /api/'));
  if (missing.length) {
    // Vitest reports an error thrown in a global teardown but still exits 0: set the exit code too.
    process.exitCode = 1;
    throw new Error(
      `[${engine}] ${missing.length} routes never answered 2xx in the suite (add a success test, or say why in ` +
        `test/route-coverage.ts):\n  ${missing.join('\n  ')}`,
    );
  }
}
