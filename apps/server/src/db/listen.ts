import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** What a listener of a NOTIFY channel is told (see `Database.listen`). */
export interface ListenHandlers {
  /** One notification's payload, after the notifying transaction committed. */
  message(payload: string): void;
  /** false: the listening connection is down and notifications may be missed; true: listening (again). */
  listening(on: boolean): void;
}

/** A subscription to a channel. */
export interface Listener {
  /**
   * Resolves once every notification committed before the call has reached
   * `message`: a round trip on the listening connection, which PostgreSQL
   * answers only after delivering what is pending (no-op while disconnected).
   */
  sync(): Promise<void>;
  /** Stops listening for good. */
  stop(): Promise<void>;
}

/** How the listening connections show in `pg_stat_activity`. */
export const LISTENER_NAME = 'amparo_listen';

/** Wait before reconnecting a dropped listening connection, ms. */
const RETRY_MS = 1000;

/**
 * LISTEN on PostgreSQL through a connection of its own (outside the pool: a
 * listening connection is held for as long as the server runs). When it drops
 * (server restart, failover, network), `listening(false)` is called at once and
 * a new connection is tried every second until LISTEN succeeds again, then
 * `listening(true)`.
 */
export function listenPg(url: string, channel: string, handlers: ListenHandlers): Listener {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let syncs: Promise<void> = Promise.resolve();

  const drop = (client: pg.Client) => {
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (current !== client) return;
    current = null;
    handlers.listening(false);
    if (!stopped && !retry) retry = setTimeout(connect, RETRY_MS);
  };
  function connect() {
    retry = null;
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    current = client;
    client.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    // Errors on an idle client are emitted; without a listener they would crash the process.
    client.on('error', () => drop(client));
    client.on('end', () => drop(client));
    client
      .connect()
      .then(() => client.query(`LISTEN ${client.escapeIdentifier(channel)}`))
      .then(
        () => {
          if (current === client && !stopped) handlers.listening(true);
        },
        () => drop(client),
      );
  }
  connect();
  return {
    // One round trip at a time on the listening connection (node-postgres queues concurrent ones with a warning).
    sync: () => {
      syncs = syncs
        .then(() => current?.query('select 1'))
        .then(
          () => undefined,
          () => undefined,
        );
      return syncs;
    },
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      if (client) {
        client.removeAllListeners();
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
      }
    },
  };
}

/**
 * LISTEN on the embedded PGlite: one process, one connection, nothing to
 * drop. PGlite hands a transaction's notifications to listeners as it
 * returns the commit, so `sync` has nothing to wait for.
 */
export async function listenPglite(client: PGlite, channel: string, handlers: ListenHandlers): Promise<Listener> {
  const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
  handlers.listening(true);
  return { sync: async () => undefined, stop: unlisten };
}
