import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Integration tests run on PGlite always, and on PostgreSQL too when
// TEST_DATABASE_URL is set (CI sets it). Each test file gets its own database
// copied from a migrated, seeded template made once by the global setup.
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: engine,
        // Each worker writes the routes it saw answered; the global teardown checks them (test/route-coverage.ts).
        env: { TEST_ENGINE: engine, ROUTE_COVERAGE_DIR: join(tmpdir(), `amparo-routes-${process.pid}`, engine) },
        include: [
          'src/**/*.test.ts',
          'test/**/*.test.ts',
          '../../packages/shared/src/**/*.test.ts',
          '../web/src/**/*.test.ts',
        ],
        globalSetup: ['./test/global-setup.ts'],
      },
    })),
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
