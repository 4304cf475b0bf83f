// `npm run test:isolated --workspace apps/server`: runs every test of the suite alone (PGlite), so a test that
// leans on data an earlier test of its file made shows up (issue 10 item 7). Slow (one app start a test): run
// it when changing tests, not on every commit. Prints the tests that fail alone and exits 1 if any.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

// `-- --from N` resumes at the Nth test (1-based), after an interrupted run.
const fromArg = process.argv.indexOf('--from');
const from = fromArg > 0 ? Number(process.argv[fromArg + 1]) : 1;
// `-- --file support` runs only the tests of the files whose path contains that text.
const fileArg = process.argv.indexOf('--file');
const only = fileArg > 0 ? process.argv[fileArg + 1] : null;
const listFile = join(mkdtempSync(join(tmpdir(), 'amparo-isolated-')), 'tests.json');
execFileSync('npx', ['vitest', 'list', ...(only ? [only] : []), '--project', 'pglite', `--json=${listFile}`], {
  stdio: 'ignore',
});
const tests = JSON.parse(readFileSync(listFile, 'utf8')).filter((t) => !only || t.file.includes(only));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const failed = [];
for (const [i, test] of tests.entries()) {
  if (i + 1 < from) continue;
  const file = relative(process.cwd(), test.file);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', file, '--project', 'pglite', '-t', `^${escape(test.name)}$`, '--reporter=dot'],
    { encoding: 'utf8', env: { ...process.env, ROUTE_COVERAGE: '' } },
  );
  const ok = run.status === 0;
  if (!ok) failed.push(`${file} > ${test.name}`);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${i + 1}/${tests.length} ${file} > ${test.name}`);
}
console.log(`\n${tests.length - from + 1 - failed.length} passed, ${failed.length} failed`);
if (failed.length) {
  console.log(`Tests that fail alone:\n  ${failed.join('\n  ')}`);
  process.exit(1);
}
