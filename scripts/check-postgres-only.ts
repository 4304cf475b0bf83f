/**
 * `.ci/run`, after `npm test` (decision 0024): fails unless every race test ran on PostgreSQL. Declared: the calls
 * `postgresOnly(` in the server's test files (apps/server/test/postgres-only.ts). Ran: the titles the tests wrote
 * to the log named by the first argument (POSTGRES_ONLY_LOG while they ran), one a line. Fails when
 * TEST_DATABASE_URL is unset (the tests ran on PGlite alone) or when fewer titles ran than are declared, naming
 * the files that declare them; prints both counts either way.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const log = process.argv[2];

/** Every `*.test.ts` under `dir`, recursively. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(path);
    return e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const declared = new Map<string, number>();
for (const file of testFiles(join(root, 'apps/server'))) {
  const count = (readFileSync(file, 'utf8').match(/\bpostgresOnly\(/g) ?? []).length;
  if (count) declared.set(relative(root, file), count);
}
const declaredTotal = [...declared.values()].reduce((a, b) => a + b, 0);
const ran = log && existsSync(log) ? new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean)) : new Set();
console.log(`race tests on PostgreSQL: ${ran.size} ran of ${declaredTotal} declared`);
const problems: string[] = [];
if (!process.env.TEST_DATABASE_URL) problems.push('TEST_DATABASE_URL is not set: the tests ran on PGlite only');
if (!log) problems.push('no log named (usage: check-postgres-only.ts <POSTGRES_ONLY_LOG>)');
if (ran.size < declaredTotal)
  problems.push(
    `${declaredTotal - ran.size} race test(s) did not run on PostgreSQL; declared in: ${[...declared]
      .map(([f, n]) => `${f} (${n})`)
      .join(', ')}`,
  );
for (const p of problems) console.error(`check-postgres-only: ${p}`);
process.exit(problems.length ? 1 : 0);
