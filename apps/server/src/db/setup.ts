import type { Config } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { seedReference } from './seed/reference.ts';
import { ensureFirstAdmin } from './seed/admin.ts';

/**
 * Opens the configured database, applies migrations and seeds reference data
 * (idempotent, safe on every start and on several instances). Returns the
 * first admin's credentials when they were just created. `owner` says what
 * this process is, for the message a second process gets on the same PGlite
 * folder (issue 9 item 8).
 */
export async function prepareDatabase(config: Config, owner: string) {
  const database: Database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    owner,
  });
  await database.migrate();
  await seedReference(database.db);
  const admin = await ensureFirstAdmin(database.db, {
    email: config.ADMIN_EMAIL,
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
  });
  return { database, admin };
}

/** For the command-line scripts: a database already in use ends the script with its one-paragraph reason (exit 1), not a stack trace. */
export function exitWithMessage(err: unknown): never {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
