// `npm run dev`: the API in watch mode and Vite's dev server (which proxies /api) side by side.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '--workspace', 'apps/server'], {
    stdio: 'inherit',
    // Development, with the API explorer (issue 23 item 4: `npm start` is production with neither).
    env: { NODE_ENV: 'development', API_DOCS: 'true', ...process.env, WEB_DIST: '' },
  }),
  spawn('npm', ['run', 'dev', '--workspace', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) =>
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
