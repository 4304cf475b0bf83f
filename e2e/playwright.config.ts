import { defineConfig } from '@playwright/test';

/**
 * Browser tests: the real server (built web app + API) on fresh embedded
 * databases, driven in Debian's Chromium. Port 3301 (E2E_PORT) runs without the
 * test banner, the next port with APP_TEST_BANNER set.
 */
// E2E_PORT moves both servers (two checkouts can run their browser tests side by side).
const port = Number(process.env.E2E_PORT ?? 3301);
export const MAIN_URL = `http://127.0.0.1:${port}`;
export const BANNER_URL = `http://127.0.0.1:${port + 1}`;

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  // CI (.ci/run) may allow one retry on a busy machine (E2E_RETRIES); a test that passes only on its retry is
  // named in the log by flaky-reporter.ts ("FLAKY: ..."), never passed silently.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  reporter: [['list'], ['./flaky-reporter.ts']],
  use: {
    baseURL: MAIN_URL,
    locale: 'es-GT',
    timezoneId: 'America/Guatemala',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // The app's service worker (decision 0023) would answer pages and scripts from its cache, out of sight of
    // page.route and between tests' servers; service-worker.spec.ts turns it on for itself.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // SIGTERM (not Playwright's default SIGKILL) lets start-server.mjs stop the
  // server and delete its temporary database folder.
  webServer: [
    {
      command: `node e2e/start-server.mjs ${port}`,
      url: `${MAIN_URL}/api/health`,
      cwd: '..',
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: `node e2e/start-server.mjs ${port + 1} banner`,
      url: `${BANNER_URL}/api/health`,
      cwd: '..',
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
