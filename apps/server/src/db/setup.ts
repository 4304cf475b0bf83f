import type { Config } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { seedReference } from './seed/reference.ts';
import { ensureFirstAdmin } from './seed/admin.ts';

/**
 * Opens the configured database, applies migrations and seeds reference data
 * (idempotent, safe on every start and on several instances). Returns the
 * first admin's credentials when they were just created.
 */
export async function prepareDatabase(config: Config) {
  const database: Database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  await database.migrate();
  await seedReference(database.db);
  const admin = await ensureFirstAdmin(database.db, { email: config.ADMIN_EMAIL, username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD });
  return { database, admin };
}
