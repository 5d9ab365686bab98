/**
 * `buildApp(config)`: the whole server as one Fastify instance — used by main.ts and by every
 * test, so tests exercise the production wiring (architecture.md 'Layout', fastify/demo).
 * `config.role` (PRACTICA_ROLE, operations.md 'Roles') decides here, and only here, what the app
 * runs: the HTTP surface (API, docs, console, practice app, files) and the plugins' background
 * loops (`runLoops`); a `worker` answers its probes and 404 to everything else.
 */
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { messages } from '@practica/contract';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { fail } from './lib/envelope.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { databaseRateLimitStore } from './lib/rate-limit-store.js';
import { storageOrigin } from './lib/storage/index.js';
import { apiTokenRoutes } from './modules/api-tokens/index.js';
import { webhookRoutes, webhooksPlugin } from './modules/webhooks/index.js';
import { answerRoutes, type ReviewStatementWrite } from './modules/answers/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { reviewHistoryRoutes } from './modules/review-history/index.js';
import { reviewInboxRoutes } from './modules/review-inbox/index.js';
import { assetRoutes } from './modules/assets/index.js';
import { assignmentRoutes } from './modules/assignments/index.js';
import { authRoutes } from './modules/auth/index.js';
import { contentRoutes } from './modules/contents/index.js';
import { fileRoutes, filesPlugin } from './modules/files/index.js';
import { mailPlugin } from './modules/mail/index.js';
import { mediaPlugin, mediaRoutes } from './modules/media/index.js';
import { metricsPlugin } from './modules/metrics/index.js';
import { groupRefsOfUser } from './modules/groups/index.js';
import { groupRoutes } from './modules/groups/index.js';
import { healthRoutes } from './modules/health/index.js';
import { insightRoutes } from './modules/insights/index.js';
import { infoRoutes } from './modules/info/index.js';
import { inviteRoutes } from './modules/invites/index.js';
import { meRoutes, meUploadRoutes, partialUploadsPlugin } from './modules/me/index.js';
import { notificationRoutes, notificationsPlugin } from './modules/notifications/index.js';
import { organizationRoutes } from './modules/organizations/index.js';
import { reviewClaimRoutes } from './modules/review-claims/index.js';
import { reviewCommentRoutes } from './modules/review-comments/index.js';
import { scimRoutes } from './modules/scim/index.js';
import { ssoRoutes } from './modules/sso/index.js';
import { userRoutes } from './modules/users/index.js';
import { authPlugin } from './plugins/auth.js';
import {
  frameworkErrorHandler,
  registerErrorHandler,
  validatorCompiler,
} from './plugins/error-handler.js';
import { loggerOptions } from './plugins/logger.js';
import { apiBodyLimitBytes, registerOpenApi } from './plugins/openapi.js';
import { registerStaticWeb, spaIndexFor } from './plugins/static-web.js';
import { reviewStatementWrites } from './review-statement-writes.js';
import { dutiesOf } from './settings/role.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** closing: readiness fails (SIGTERM received); stopped: the server is closing its listener. */
    lifecycle: { closing: boolean; stopped: boolean };
    /** The other modules' writes in the answers module's review statement (review-statement-writes.ts). */
    reviewStatementWrites: readonly ReviewStatementWrite[];
  }
}

export interface BuildOptions {
  /** An already opened database (tests share one per file); otherwise one is opened from config and closed with the app. */
  database?: Database;
  /** Log to stdout (default true outside tests). */
  logger?: boolean;
  /** Sees every route as it is registered (Fastify's onRoute, added before any plugin): tests list the routes. */
  onRoute?: (route: RouteOptions) => void;
  /** Register the metrics module (default true); off only to measure what it adds (bench/metrics-cost.mjs). */
  metrics?: boolean;
}

/**
 * The routes a `worker` copy answers: the probes, and `/metrics` when the metrics module serves
 * it (every role answers it). Add here any other route a worker must answer.
 */
const workerRoutes = new Set(['/healthz', '/readyz', '/metrics']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null; // a relative URL: same origin
  }
}

/**
 * 000 §7 / 001 §7 send an empty body with `Content-Type: application/json` on the calls without a
 * body (reset request, activate, status changes, restore…): Fastify's JSON parser refuses it
 * (FST_ERR_CTP_EMPTY_JSON_BODY). This parser treats an empty or blank JSON body as no body and
 * leaves every other body to Fastify's own parser (prototype poisoning refused as before).
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, undefined);
    else parseJson(request, text, done);
  });
}

/** Builds the app; does not listen, migrate or seed (main.ts does). */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(config.logLevel, config.env === 'development', config.logFile),
    genReqId: () => randomUUID(),
    // A hop count is valid for Fastify's trustProxy although its types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: apiBodyLimitBytes,
    // While closing, new requests get the envelope's 503 from the hook below, not Fastify's body.
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  acceptEmptyJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ verify: config.env !== 'production' }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('lifecycle', { closing: false, stopped: false });
  app.decorate('reviewStatementWrites', reviewStatementWrites);
  app.addHook('preClose', async () => {
    app.lifecycle.closing = true;
    app.lifecycle.stopped = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!app.lifecycle.stopped) return;
    reply.header('connection', 'close').header('retry-after', '1');
    return reply
      .code(503)
      .send(
        fail({ code: 'UNAVAILABLE', message: messages.serviceUnavailable, requestId: request.id }),
      );
  });
  if (!options.database) app.addHook('onClose', async () => database.close());
  await app.register(fp(async () => {}, { name: 'db' }));

  const marketingOrigin = originOf(config.marketingUrl);
  // With S3 storage, browsers PUT uploads to the bucket and load images and videos from it.
  const store = storageOrigin(config.storage);
  const storeSrc = store ? [store] : [];
  // Security headers on every answer (API, console files, fallbacks, errors). The helmet
  // middleware is built once here, its CSP parsed once, and reused by every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The xlsx writer (write-excel-file, through fflate) zips large reports in a worker made
        // from a blob: URL; blocked, the export of a big report never finished.
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storeSrc],
        mediaSrc: ["'self'", 'blob:', ...storeSrc],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storeSrc],
        frameSrc: ["'self'", ...(marketingOrigin ? [marketingOrigin] : [])],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  // API answers are compressed per request, so the settings trade some size for CPU: brotli
  // quality 1 with a 256 KB window (an 8 KB answer detail: 2.0 KB in 0.05 ms, where quality 3
  // gives 1.8 KB in 0.13 ms and gzip 6 1.8 KB in 0.15 ms), and answers up to 128 KB compressed
  // in one synchronous call rather than a stream.
  // The console's hashed assets are served precompressed (plugins/static-web.ts) and do not pass
  // through here.
  await app.register(fastifyCompress, {
    threshold: 1024,
    syncThreshold: 131_072,
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
        [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database, so several copies share one budget (lib/rate-limit-store.ts).
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: (_request, context) => {
      const error = new Error(messages.tooManyRequests) as Error & {
        statusCode: number;
        retryAfter: number;
      };
      error.statusCode = context.statusCode;
      error.retryAfter = Math.ceil(context.ttl / 1000);
      return error;
    },
  });
  registerErrorHandler(app);

  const duties = dutiesOf(config.role);
  if (!duties.servesHttp) {
    // A worker serves no console, API, files or dev mailbox, whatever a plugin registers.
    app.addHook('onRequest', async (request, reply) => {
      if (workerRoutes.has(request.routeOptions.url ?? '')) return;
      return reply.code(404).send(fail({ code: 'NOT_FOUND', message: messages.notFound }));
    });
  }

  if (duties.servesHttp) await registerOpenApi(app, config.version);

  await app.register(authPlugin, { secret: new TextEncoder().encode(config.jwtSecret) });
  await app.register(healthRoutes);
  if (options.metrics !== false)
    await app.register(metricsPlugin, {
      ...config.metrics,
      production: config.env === 'production',
    });
  // Each background loop starts here or nowhere: the role decides (settings/role.ts).
  const loops = { runLoops: duties.runsLoops };
  await app.register(filesPlugin, loops);
  // A worker's outbox has no dev mailbox to read it from: it serves no HTTP.
  const mailbox = duties.servesHttp ? {} : { devMailbox: false };
  await app.register(mailPlugin, { ...config.mail, ...mailbox, ...loops });
  await app.register(mediaPlugin, { ...config.media, ...loops });
  await app.register(partialUploadsPlugin, loops);
  await app.register(notificationsPlugin, { ...config.notifications, ...loops });
  await app.register(webhooksPlugin, { ...config.webhooks, ...loops });
  if (duties.servesHttp) await registerPublicHttp(app, config);

  app.setNotFoundHandler((request, reply) => {
    const index =
      request.method === 'GET' || request.method === 'HEAD'
        ? spaIndexFor(app, request.url)
        : undefined;
    if (index) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
    }
    return reply.code(404).send(fail({ code: 'NOT_FOUND', message: messages.notFound }));
  });

  return app;
}

/** The API under `/api`, the console at `/` and the practice app at `/practice/` (roles `web` and `all`). */
async function registerPublicHttp(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(infoRoutes, {
        info: {
          version: config.version,
          iosLink: config.iosLink,
          androidLink: config.androidLink,
          marketingUrl: config.marketingUrl,
        },
      });
      await api.register(authRoutes, {
        secret: new TextEncoder().encode(config.jwtSecret),
        sessionTtlSeconds: config.sessionTtlSeconds,
        loginRatePerMinute: config.loginRatePerMinute,
        loginFailuresMax: config.loginFailuresMax,
        loginFailuresWindowMs: config.loginFailuresWindowMs,
        resetMaxPerHour: config.resetMaxPerHour,
      });
      await api.register(userRoutes, {
        secret: new TextEncoder().encode(config.jwtSecret),
        sessionTtlSeconds: config.sessionTtlSeconds,
        groupRefsOfUser,
      });
      await api.register(organizationRoutes);
      await api.register(inviteRoutes, {
        secret: new TextEncoder().encode(config.jwtSecret),
        sessionTtlSeconds: config.sessionTtlSeconds,
        acceptRatePerMinute: config.loginRatePerMinute,
        batchChecksPerMinute: config.inviteBatchChecksPerMinute,
        batchSendsPerMinute: config.inviteBatchSendsPerMinute,
      });
      await api.register(groupRoutes);
      await api.register(fileRoutes);
      await api.register(contentRoutes);
      await api.register(assetRoutes);
      await api.register(assignmentRoutes);
      await api.register(answerRoutes);
      await api.register(reviewClaimRoutes);
      await api.register(reviewCommentRoutes);
      await api.register(reviewInboxRoutes);
      await api.register(reviewHistoryRoutes);
      await api.register(insightRoutes);
      await api.register(auditRoutes);
      await api.register(mediaRoutes);
      await api.register(meRoutes);
      await api.register(meUploadRoutes);
      await api.register(notificationRoutes);
      await api.register(apiTokenRoutes);
      await api.register(webhookRoutes);
      await api.register(ssoRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(scimRoutes); // SCIM 2.0 at /scim/v2, outside /api (decisions.md#scim)

  await registerStaticWeb(app, { root: config.webDist, prefix: '/' });
  await registerStaticWeb(app, { root: config.practiceDist, prefix: '/practice/' });
}
