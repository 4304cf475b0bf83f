import type { ListenHandlers } from '../../db/listen.ts';

/** The NOTIFY channel the database announces session changes on (migration 0011_session_revocation). */
export const SESSION_CHANNEL = 'amparo_sessions';

/** A signed-in session as a request needs it: who, with which keys, and until when. */
export interface LiveSession {
  sessionId: string;
  userId: string;
  roleId: string | null;
  active: boolean;
  /** Role keys plus the user's extra keys (spec section 2). */
  permissions: ReadonlySet<string>;
  /** Epoch ms of the last recorded activity (sliding idle expiry) and of the absolute expiry. */
  lastSeenAt: number;
  expiresAt: number;
}

interface Entry {
  session: LiveSession;
  cachedAt: number;
}

/**
 * The signed-in sessions one server instance has looked up recently, so most
 * requests skip the session query (issue 10 item 9). Safe because:
 * - an entry lives at most `ttlMs` (SESSION_CACHE_SECONDS, default 10 s), and
 *   is never used past the session's absolute or idle expiry;
 * - the database announces on `amparo_sessions`, from triggers, every change
 *   that narrows a session (revoked, user deactivated, role or keys changed,
 *   role deleted); every instance evicts the entries concerned when the change
 *   commits (`message`);
 * - while the listening connection is down, nothing is cached (`listening`);
 * - a lookup that raced with a change is not stored (`generation`);
 * - the instance that made a change empties its own cache before answering
 *   (`clear`, from the write request), so its caller sees the change at once.
 * A `ttlMs` of 0 turns the cache off.
 */
export class SessionCache implements ListenHandlers {
  private readonly entries = new Map<string, Entry>();
  private on = false;
  private gen = 0;
  readonly ttlMs: number;
  readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /** Whether lookups may be stored (a TTL above 0 and a live listening connection). */
  get enabled() {
    return this.on && this.ttlMs > 0;
  }

  /** Number of sessions held (tests). */
  get size() {
    return this.entries.size;
  }

  /**
   * The cached session for a token hash, or null when absent, older than the
   * TTL, or past its absolute or idle expiry at `now` (the caller then asks the
   * database, which decides).
   */
  get(tokenHash: string, now: number, idleMs: number): LiveSession | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    const s = entry.session;
    if (!this.enabled || now - entry.cachedAt > this.ttlMs || now >= s.expiresAt || now - s.lastSeenAt >= idleMs) {
      this.entries.delete(tokenHash);
      return null;
    }
    return s;
  }

  /** Take before a database lookup and hand to `put`: a change heard in between keeps the lookup out. */
  generation() {
    return this.gen;
  }

  /** Stores a session looked up when the generation was `generation`. */
  put(tokenHash: string, session: LiveSession, generation: number, now: number) {
    if (!this.enabled || generation !== this.gen) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { session, cachedAt: now });
  }

  /** Empties the cache (a change made by this instance, or notifications possibly missed). */
  clear() {
    this.gen++;
    this.entries.clear();
  }

  /** A payload from the database: `{"session": id}`, `{"user": id}` or `{"role": id}`; anything else clears all. */
  message(payload: string) {
    this.gen++;
    let target: { session?: string; user?: string; role?: string } = {};
    try {
      target = JSON.parse(payload) as typeof target;
    } catch {
      /* unknown payload: clear below */
    }
    const matches = (s: LiveSession) =>
      (target.session !== undefined && s.sessionId === target.session) ||
      (target.user !== undefined && s.userId === target.user) ||
      (target.role !== undefined && s.roleId === target.role);
    if (target.session === undefined && target.user === undefined && target.role === undefined) {
      this.entries.clear();
      return;
    }
    for (const [hash, entry] of this.entries) if (matches(entry.session)) this.entries.delete(hash);
  }

  /** The listening connection went down (`false`: clear and stop caching) or came back (`true`). */
  listening(on: boolean) {
    this.on = on;
    this.clear();
  }
}
