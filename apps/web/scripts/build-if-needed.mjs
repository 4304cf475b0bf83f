// Builds the web app. With --if-needed it skips the build when dist/ is newer
// than every source file (so `npm start` is quick after the first run).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const sources = [
  join(root, 'src'),
  join(root, '../../packages/shared/src'),
  join(root, 'index.html'),
  join(root, 'sign-in.html'),
  join(root, 'vite.config.ts'),
  join(root, 'build'),
];

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

const distIndex = join(root, 'dist/index.html');
if (process.argv.includes('--if-needed') && existsSync(distIndex)) {
  const built = statSync(distIndex).mtimeMs;
  if (sources.every((s) => !existsSync(s) || newest(s) <= built)) {
    console.log('web: dist is up to date');
    process.exit(0);
  }
}
execSync('npx vite build', { cwd: root, stdio: 'inherit' });
