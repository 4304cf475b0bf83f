import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { listenPg, listenPglite, type ListenHandlers, type Listener } from './listen.ts';

/** One Drizzle type for both engines (the query API is the same). */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies pending SQL migrations (drizzle/). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests dump and clone it). */
  pglite?: PGlite;
  /**
   * Hears `NOTIFY` on `channel` (db/listen.ts): `message` gets each payload;
   * `listening(false)` says notifications may be missed from now on (the
   * listening connection dropped), `listening(true)` that they flow again.
   * `close()` stops every listener.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the database: PostgreSQL when `url` is set, else PGlite under
 * `dataDir` (or in memory for `dataDir = 'memory://'`, or from a dump).
 * A PGlite folder is held by one process at a time (`dataDir/pglite.lock`,
 * issue 9 item 8): a second one throws DataDirLockedError naming the holder,
 * described by `owner` (what this process is: `server`, `seed:demo`, ...).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob | File;
  poolSize?: number;
  owner?: string;
}): Promise<Database> {
  if (options.url) {
    // JIT compilation off for the application's sessions: its queries are short (pages of 25, one record), and
    // PostgreSQL's cost estimate of the workflow rules' correlated subqueries passes jit_above_cost, so it spent
    // 750 ms compiling an inbox query that runs in 30 ms (docs/benchmarks.md, issue 26). Analytical work can set
    // it back on in its own session.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20, options: '-c jit=off' });
    // An idle connection the server ends (restart, failover, a dropped test database: 57P01) is
    // emitted on the pool; without a listener it would crash the process. The pool replaces it.
    pool.on('error', (err: Error & { code?: string }) =>
      process.stderr.write(`database: idle connection lost (${err.code ?? 'unknown'})\n`),
    );
    // Dates stay 'YYYY-MM-DD' strings and numerics stay decimal strings (no floats).
    const db = drizzlePg(pool, { schema });
    const listeners = new Set<Listener>();
    const url = options.url;
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      listen: async (channel, handlers) => {
        const listener = listenPg(url, channel, handlers);
        const tracked: Listener = {
          sync: listener.sync,
          stop: async () => {
            listeners.delete(tracked);
            await listener.stop();
          },
        };
        listeners.add(tracked);
        return tracked;
      },
      close: async () => {
        await Promise.all([...listeners].map((l) => l.stop()));
        await pool.end();
      },
    };
  }
  const dataDir = options.dataDir ?? './data';
  const pgliteDir = dataDir === 'memory://' ? undefined : `${dataDir}/pglite`;
  if (pgliteDir) mkdirSync(pgliteDir, { recursive: true });
  const lock = pgliteDir
    ? acquireDataDirLock(join(dataDir, 'pglite.lock'), options.owner ?? basename(process.argv[1] ?? 'node'))
    : null;
  let client: PGlite;
  try {
    // pg_trgm: person names' substring search; unaccent: word search without accents (lib/search.ts).
    client = await PGlite.create(pgliteDir, { extensions: { pg_trgm, unaccent }, loadDataDir: options.loadDataDir });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    pglite: client,
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
