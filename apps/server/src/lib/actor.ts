/**
 * Who acts, and from where: what every service needs to know about its caller
 * (issue 10 item 1). Routes build it once from the HTTP request
 * (`actorOf`/`requestActor` in `plugins/actor.ts`); a background job or a
 * script builds one with `systemActor`. Services never see Fastify's request or
 * reply, so a workflow step, a job or a test can call them directly.
 */
export interface Actor {
  /** The signed-in user; null for an anonymous caller (sign-in, forgot password) or a system actor. */
  userId: string | null;
  /** The session the request came with (null for anonymous and system actors). */
  sessionId: string | null;
  /** Permission keys held (role keys plus the user's extra keys, spec section 2); empty for anonymous callers. */
  permissions: ReadonlySet<string>;
  /** The server's own request id (a UUID), which audit and security-log rows are keyed by. */
  requestId: string | null;
  /** The `x-request-id` the client sent, for correlation only (never trusted as an id). */
  clientRequestId: string | null;
  /** Client address (behind a proxy only with TRUST_PROXY=true). */
  ip: string | null;
  /** The browser's user agent, cut to 300 characters (sessions list). */
  userAgent: string | null;
  /** HTTP method and route pattern (no query string), for the security log. */
  method: string | null;
  route: string | null;
  /** Name of the job or script acting (`job:file-gc`, `seed:demo`); null for people. */
  system: string | null;
}

/** An actor that is a signed-in user: what every route behind a permission key gets. */
export type UserActor = Actor & { userId: string; sessionId: string };

const NO_KEYS: ReadonlySet<string> = new Set();

/**
 * The actor of a background job or script (`name` like `job:file-gc`): no
 * user, no keys, no address. Audit rows it writes have `user_id` null, and the
 * job's name is what tells them apart (pass it in the entry's changes when it
 * matters). A job acting on behalf of a user builds a user actor instead.
 */
export function systemActor(name: string): Actor {
  return {
    userId: null,
    sessionId: null,
    permissions: NO_KEYS,
    requestId: null,
    clientRequestId: null,
    ip: null,
    userAgent: null,
    method: null,
    route: null,
    system: name,
  };
}
