import '@amparo/shared/validation'; // installs the zod error map (codes, not sentences)
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { Mailer } from './lib/mail.ts';
import { BackgroundTasks } from './lib/background.ts';
import { JobRunner } from './lib/jobs/runner.ts';
import { clientRequestId, requestActor } from './plugins/actor.ts';
import { recordSecurityEvent } from './lib/security-log.ts';
import { errorsPlugin, sendProblem } from './plugins/errors.ts';
import { authPlugin } from './plugins/auth.ts';
import { openApiTransform } from './plugins/openapi.ts';
import { compiledSerializerCompiler, type ResponseWriter } from './plugins/serializer.ts';
import { DiskFileStore, TEMPORARY_MAX_AGE_MS, type FileStore } from './lib/storage.ts';
import { CatalogColumns, catalogColumnsPoint } from './lib/catalog-usage.ts';
import { OptionSources, optionReadersPoint, optionSourcesPoint } from './lib/option-sources.ts';
import { UserEvents, userEventsPoint } from './lib/user-events.ts';
import { ItemCommitments, itemCommitmentsPoint } from './lib/item-commitments.ts';
import { PlanLinks, achievementsPoint, planLineRulesPoint } from './lib/plan-links.ts';
import { PersonBlockers, personBlockersPoint } from './lib/person-blockers.ts';
import { Extensions } from './lib/extension-points.ts';
import { fileReferencesPoint, useFileReferences } from './lib/file-gc.ts';
import { contributionsOf, type ServerModule } from './lib/module.ts';
import { notificationKindsPoint, useNotificationKinds } from './lib/notification-kinds.ts';
import { APP_MODULES } from './app-modules.ts';
import { inlineScriptHashes, securityHeaders } from './lib/security-headers.ts';
import { importLimits, SpreadsheetReader } from './lib/spreadsheet-import/spreadsheet-import.ts';
import { WorkQueue } from './lib/work-queue.ts';
import { configurePdf } from './lib/pdf.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mailer: Mailer;
    /** Background jobs (lib/jobs): modules define theirs at start-up; they run once the app is ready. */
    jobs: JobRunner;
    /** Work run after the answer (reset mails); awaited on close. */
    background: BackgroundTasks;
    /** Uploaded files (documents); on disk under DATA_DIR/files. */
    files: FileStore;
    /** Every module's contributions to the extension points (issue 25 section 4), from the manifests. */
    extensions: Extensions;
    /** Columns holding catalog codes, contributed by each module (an item in use cannot be deleted). */
    catalogColumns: CatalogColumns;
    /** Option lists other modules serve through the generic catalog call (headquarter, role, ...). */
    optionSources: OptionSources;
    /** What other modules do when a user's access changes (sessions, reset links, pending e-mail changes). */
    userEvents: UserEvents;
    /** What keeps a person from being deleted, contributed by the modules holding their records. */
    personBlockers: PersonBlockers;
    /** What other modules hold on a cooperating item (budget assignment): its amount never falls below it. */
    itemCommitments: ItemCommitments;
    /** Planning lines picked by activities and attentions, and what they achieved (issue 13 section 3). */
    planLinks: PlanLinks;
    /** Uploaded spreadsheets read under the import limits, one parse at a time (issue 23 section 3). */
    spreadsheets: SpreadsheetReader;
    /** The budget summaries' turns (config REPORT_CONCURRENCY at once, REPORT_QUEUE_MAX waiting; lib/work-queue.ts). */
    reports: WorkQueue;
    /** The compiled writer of every route's answers, by status (plugins/serializer.ts; walked by the tests). */
    responseWriters: ResponseWriter[];
  }
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino options or false (tests). */
  logger?: boolean | object;
  /** Modules assembled after the app's own (tests: a contributor from outside, as a new module would be). */
  extraModules?: readonly ServerModule[];
}

/**
 * Builds the Fastify app (used by server.ts and by the tests): problem+json
 * errors, session and permission enforcement, OpenAPI at /api/docs, every
 * module's routes, and the built web app with SPA fallback.
 */
export async function buildApp({
  config,
  database,
  logger,
  extraModules = [],
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // The server names every request; a client's x-request-id is kept apart (issue 9 item 5).
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by compiled serializers of their contracts' JSON Schemas (decision 0022).
  const responseWriters: ResponseWriter[] = [];
  app.decorate('responseWriters', responseWriters);
  app.setSerializerCompiler(
    compiledSerializerCompiler(responseWriters, { checkContracts: config.RESPONSE_CONTRACT_CHECK }),
  );
  app.decorate('config', config);
  app.decorate('db', database);
  // Jobs modules define while the app is built; they start once it is ready, if any was defined (decision 0012).
  const jobs = new JobRunner();
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () =>
    jobs.start({ database, connectionString: config.DATABASE_URL, log: app.log, enabled: config.JOBS_ENABLED }),
  );
  app.decorate('mailer', new Mailer(database.db, config, app.log, { jobs }));
  app.decorate('background', new BackgroundTasks(app.log));
  app.addHook('onClose', async () => {
    await app.background.idle();
    await jobs.stop();
  });
  const files = new DiskFileStore(join(config.DATA_DIR, 'files'));
  // Partial uploads of a process that died (issue 9 item 4); live ones of another instance are younger.
  const swept = await files.sweepTemporary(TEMPORARY_MAX_AGE_MS);
  if (swept > 0) app.log.info({ swept }, 'removed partial uploads left in files/tmp');
  app.decorate('files', files);
  // The manifests (issue 25 section 4): every contribution first, so each point's readers are complete before any
  // route or job exists; then the jobs; the routes come after the permission guard, below.
  const modules = [...APP_MODULES, ...extraModules];
  const extensions = new Extensions(modules.map(contributionsOf));
  app.decorate('extensions', extensions);
  app.decorate('catalogColumns', new CatalogColumns(extensions.all(catalogColumnsPoint)));
  app.decorate(
    'optionSources',
    new OptionSources(extensions.all(optionSourcesPoint), extensions.all(optionReadersPoint)),
  );
  app.decorate('userEvents', new UserEvents(extensions.all(userEventsPoint)));
  app.decorate('personBlockers', new PersonBlockers(extensions.all(personBlockersPoint)));
  app.decorate('itemCommitments', new ItemCommitments(extensions.all(itemCommitmentsPoint)));
  app.decorate('planLinks', new PlanLinks(extensions.one(planLineRulesPoint), extensions.all(achievementsPoint)));
  useFileReferences(extensions.all(fileReferencesPoint));
  useNotificationKinds(extensions.all(notificationKindsPoint));
  for (const m of modules)
    for (const job of m.jobs ?? []) jobs.define(job.type, { ...job.options, handler: (data) => job.run(app, data) });
  app.decorate('spreadsheets', new SpreadsheetReader(importLimits(config), config.SPREADSHEET_QUEUE_MAX));
  app.decorate('reports', new WorkQueue(config.REPORT_QUEUE_MAX, 'busy_try_later', config.REPORT_CONCURRENCY));
  configurePdf({ queueMax: config.PDF_QUEUE_MAX, timeoutMs: config.PDF_TIMEOUT_MS });

  app.addHook('onRequest', async (request) => {
    const clientId = clientRequestId(request);
    if (clientId) request.log = request.log.child({ clientRequestId: clientId });
  });
  // Every 403 the API answers goes to the security log, from this one place (issue 9 item 5).
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 403 || !request.url.startsWith('/api/')) return;
    await recordSecurityEvent(database.db, requestActor(request), {
      kind: 'forbidden',
      code: request.problemCode,
    }).catch((err: unknown) =>
      request.log.error({ code: (err as { code?: string }).code }, 'security log entry not written'),
    );
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', reply.getHeader('cache-control') ?? 'no-store');
  });

  // API reads answer JSON compressed when the browser accepts it (issue 11 item 8: a 25-row page of the person list
  // is 10 KB, 2.4 KB compressed; Lighthouse's uses-text-compression). GET only and from 1 KB: the session cookie is
  // SameSite=Strict, so no other site can have a signed-in browser fetch an answer and measure its compressed size.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || typeof payload !== 'string' || Buffer.byteLength(payload) < 1024) return payload;
    if (!request.url.startsWith('/api/') || reply.getHeader('content-encoding')) return payload;
    if (!/^application\/(problem\+)?json/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    // Brotli at quality 4: most of the gain for a fraction of the time of its default 11 (answers are made per request).
    return encoding === 'br'
      ? compressBrotli(payload, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
      : compressGzip(payload);
  });

  await app.register(errorsPlugin);
  const webDist = resolve(config.WEB_DIST ?? join(import.meta.dirname, '../../web/dist'));
  const serveWeb = config.WEB_DIST !== '' && existsSync(join(webDist, 'index.html'));
  await app.register(helmet, securityHeaders(config, serveWeb ? inlineScriptHashes(webDist) : []));
  await app.register(cookie);
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(config.PHOTO_MAX_BYTES, config.DOCUMENT_MAX_BYTES, config.ACTIVITY_PHOTO_MAX_BYTES),
      files: 1,
      fields: 10,
      fieldSize: 64 * 1024,
    },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Amparo API',
        version: '0.1.0',
        description:
          'Answers are { success, data }; errors are RFC 9457 problem+json with a `code` and field `errors`.',
      },
      // Same origin as the document: the web app and the API are served together.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'amparo_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ cookie: [] }, { bearer: [] }],
    },
    transform: openApiTransform,
  });
  // The API explorer shows every route and schema: off unless asked for (issue 9 item 6, issue 23 item 4).
  // Its page needs inline scripts, so it sends its own (static) policy instead of the app's.
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // A web build without its own sign-in page (the tests' stand-in shells) gets the app's shell there too.
  const signInPage = serveWeb && existsSync(join(webDist, 'sign-in.html'));
  await app.register(authPlugin, {
    staticRoots: serveWeb ? [webDist] : [],
    sessionCacheSeconds: config.SESSION_CACHE_SECONDS,
  });

  for (const m of modules) for (const routes of m.routes) await app.register(routes);

  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes brotli and gzip copies beside each asset (vite.config.ts); the browser gets the
      // smallest it accepts, with Vary: Accept-Encoding (issue 11 item 1: 690 KB of JavaScript became ~225 KB).
      preCompressed: true,
      // Hashed assets never change; the pages and the service worker (sw.js, whose name stays the same from one
      // build to the next) must always be revalidated (or their compressed copies).
      setHeaders: (res, path) =>
        res.header(
          'cache-control',
          /(\.html|[\\/]sw\.js)(\.br|\.gz)?$/.test(path) ? 'no-cache' : 'public, max-age=31536000, immutable',
        ),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !serveWeb || request.method !== 'GET')
      return sendProblem(reply, 404, 'not_found');
    // The sign-in page is its own, lighter page (apps/web/sign-in.html, issue 11 item 8); client-side routes (and
    // unknown paths, which the web turns into /404) get the app's shell.
    const page = signInPage && request.url.split('?')[0] === '/sign-in' ? 'sign-in.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page, { maxAge: 0, immutable: false });
  });

  return app;
}
