import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Configuration from environment variables, validated once at start-up.
 * A bad value stops the server with a message naming the variable.
 */
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const schema = z.object({
  /** `npm start` runs as production unless told otherwise; `npm run dev` sets development (issue 23 item 4). */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** Absent: embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Connections per server instance to PostgreSQL; a few per core beats one per client. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(8),
  /**
   * PGlite's folder. A relative path is taken from where `npm` was invoked
   * (INIT_CWD), so `npm start` at the repository root uses ./data there.
   */
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .transform((v) => (v === 'memory://' || isAbsolute(v) ? v : resolve(process.env.INIT_CWD ?? process.cwd(), v))),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Shows the red 'AMBIENTE DE PRUEBAS' banner (spec section 1). */
  APP_TEST_BANNER: bool.default(false),
  /** Absent: mail is written to the `mail_outbox` table and the log. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Amparo <no-reply@amparo.local>'),
  /**
   * Runs the background jobs (lib/jobs: mail delivery, notification mails, digests) in this instance. Off, the
   * instance queues nothing and mails at once; the test apps turn it on where they test jobs.
   */
  JOBS_ENABLED: bool.default(true),
  /** Retries of a mail the SMTP server refused or could not take (the `mail.deliver` job, issue 12). */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  /** Seconds before the first retry; each later one waits about twice as long (60: about half an hour for 5). */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Public address of the app, used in mailed links. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Minutes without activity before a session ends. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  /** Hours after sign-in when a session ends whatever the activity. */
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * Seconds a server instance may reuse a session it looked up (issue 10 item
   * 9); changes reach every instance at once through the database's NOTIFY,
   * this only bounds what a lost notification could leave. 0 turns it off.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** Largest JSON body, bytes. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Largest photo upload, bytes (profile and user photos). */
  PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  /** Largest document file, bytes (issue 4: 20 MB default). */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  /** Largest group-activity photo, bytes. */
  ACTIVITY_PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Comma-separated institutional mail domains; empty = any domain. */
  ALLOWED_EMAIL_DOMAINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  /** Failed sign-ins allowed per account in LOGIN_WINDOW_MINUTES (then refused until the window passes). */
  LOGIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /**
   * Sign-in attempts per address in LOGIN_WINDOW_MINUTES before each further one is delayed (an office shares one
   * address: slowed down, never locked out; issue 23 item 4, decision 0005).
   */
  LOGIN_MAX_FAILURES_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** The first delay past that limit, in ms; each further attempt waits twice as long as the one before. */
  LOGIN_ADDRESS_DELAY_BASE_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  /** The longest delay, in seconds; an address already queued past it is answered 429 with Retry-After. */
  LOGIN_ADDRESS_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * Issue 23 item 1: for this many hours after an account's e-mail changed, a password reset goes to the address
   * it had before; the owner's old address may cancel their own change, which locks the account as long.
   */
  EMAIL_CHANGE_GUARD_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /**
   * An uploaded .xlsx's zip (issue 23 section 3, decision 0018), checked on its central directory before anything
   * is inflated: the entries' uncompressed sizes together, in bytes (a 5,000-row POA unpacks to about 5 MB) …
   */
  SPREADSHEET_MAX_UNPACKED_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(50 * 1024 * 1024),
  /** … an entry's uncompressed ÷ compressed size (sheets compress about 12 to 1; zeros, 1,000 to 1) … */
  SPREADSHEET_MAX_COMPRESSION_RATIO: z.coerce.number().int().min(2).default(100),
  /** … applied to entries of at least these bytes uncompressed (a small part may compress well) … */
  SPREADSHEET_RATIO_FROM_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024),
  /** … and its entries (a workbook has a dozen or a few hundred; the zip format allows 65,535 without zip64). */
  SPREADSHEET_MAX_ENTRIES: z.coerce.number().int().min(10).max(65_535).default(1000),
  /** Spreadsheet parses waiting behind the one running in this instance; past them, 503 with Retry-After. */
  SPREADSHEET_QUEUE_MAX: z.coerce.number().int().min(0).max(100).default(4),
  /** PDF renders waiting behind the one running in this instance; past them, 503 with Retry-After (lib/pdf.ts). */
  PDF_QUEUE_MAX: z.coerce.number().int().min(0).max(100).default(4),
  /**
   * Budget summaries computed at once in this instance (issue 24 section 1): half the cores, at least one, so the
   * writes that move money never wait behind a crowd of reports (2 writers under 10 readers on 2 cores: 381 ms
   * p95 with no limit, 37.5 ms with 1; docs/benchmarks.md). The others wait their turn.
   */
  REPORT_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.floor(availableParallelism() / 2))),
  /** Budget summaries waiting for their turn in this instance; past them, 503 `busy_try_later` with Retry-After. */
  REPORT_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(100),
  /** How long one PDF render may take before its worker is stopped, in milliseconds (lib/pdf.ts). */
  PDF_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Trust X-Forwarded-For (behind a load balancer). */
  TRUST_PROXY: bool.default(false),
  /** Serve the OpenAPI explorer at /api/docs (off unless set, whatever NODE_ENV; `npm run dev` sets it; issue 23 item 4). */
  API_DOCS: bool.default(false),
  /**
   * Check every answer against its zod contract before the compiled writer writes it (plugins/serializer.ts):
   * a break is a 500 naming the fields instead of a silently coerced value. On in the tests; off by default,
   * where the compiled writer alone keeps the contract's fields (issue 24 section 3).
   */
  RESPONSE_CONTRACT_CHECK: bool.default(false),
  /** Serve the built web app from this folder ('' = do not serve). */
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof schema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`,
    );
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether the app is reached over HTTPS, as PUBLIC_URL says (issue 23 item 4): Secure session cookies, HSTS and
 * upgrade-insecure-requests are on unless PUBLIC_URL is plain http on a loopback host (a developer's or a
 * single machine's `npm start`). Independent of NODE_ENV, which nothing may set on a real server.
 */
export function servedSecurely(config: Pick<Config, 'PUBLIC_URL'>): boolean {
  const url = new URL(config.PUBLIC_URL);
  return !(url.protocol === 'http:' && LOOPBACK.test(url.hostname));
}
