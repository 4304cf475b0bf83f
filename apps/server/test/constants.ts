import { join } from 'node:path';
import { tmpdir } from 'node:os';

export const TEST_ADMIN = { username: 'admin', email: 'admin@amparo.test', password: 'Admin-Pass-2026!' };
export const TEMPLATE_DB = 'amparo_test_template';
/** Where the PGlite template dump is written for this run's test files. */
export const templateDumpPath = () => join(tmpdir(), `amparo-test-${process.pid}`, 'template.tar.gz');

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
