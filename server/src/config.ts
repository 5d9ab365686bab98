/**
 * Every environment variable the server reads, validated once with zod, with defaults
 * (architecture.md 'Stack'; operations.md 'Environment variables' lists the same set).
 *
 * `loadConfig(env)` returns a frozen `Config` or throws `ConfigError` naming every bad variable.
 * It imports no module: the mail, media, notification and role variables come from settings/,
 * which the modules read their settings types from too (a test checks the import graph).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultUploadMaxBytesPerDay } from '@practica/contract';
import { serverRoot } from './lib/paths.js';
import type { StorageSettings } from './lib/storage/index.js';
import { mailConfigFrom, mailEnvShape, type MailConfig } from './settings/mail.js';
import { mediaConfigFrom, mediaEnvShape, type MediaConfig } from './settings/media.js';
import {
  notificationsConfigFrom,
  notificationsEnvShape,
  type NotificationsConfig,
} from './settings/notifications.js';
import { metricsConfigFrom, metricsEnvShape, type MetricsConfig } from './settings/metrics.js';
import { passwordHashCostFrom, passwordHashEnvShape } from './settings/password-hash.js';
import { roleConfigFrom, roleEnvShape, type ServerRole } from './settings/role.js';
import { webhooksConfigFrom, webhooksEnvShape, type WebhooksConfig } from './settings/webhooks.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  SEED_DEMO: bool.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(4).max(14).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  APP_VERSION: z.string().optional(),
  IOS_LINK: z.url().default('https://apps.apple.com/us/search?term=practica'),
  ANDROID_LINK: z.url().default('https://play.google.com/store/search?q=practica&c=apps'),
  MARKETING_URL: z.string().default('/marketing.html'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FILE: z.string().optional(),
  TRUST_PROXY: z.string().default('false'),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(300),
  LOGIN_FAILURES_MAX: z.coerce.number().int().positive().default(10),
  LOGIN_FAILURES_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  RESET_MAX_PER_HOUR: z.coerce.number().int().positive().default(5),
  INVITE_BATCH_CHECKS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  INVITE_BATCH_SENDS_PER_MINUTE: z.coerce.number().int().positive().default(5),
  FILE_URL_LIFETIME_MINUTES: z.coerce
    .number()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  UPLOAD_MAX_BYTES_PER_DAY: z.coerce.number().int().positive().default(defaultUploadMaxBytesPerDay),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool.default(false),
  VIDEO_RETENTION_DAYS: z.coerce.number().int().positive().optional(),
  WEB_DIST: z.string().optional(),
  PRACTICE_DIST: z.string().optional(),
  ...mailEnvShape,
  ...mediaEnvShape,
  ...notificationsEnvShape,
  ...metricsEnvShape,
  ...passwordHashEnvShape,
  ...roleEnvShape,
  ...webhooksEnvShape,
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  /** PRACTICA_ROLE: what this process runs — HTTP, the background loops, or both (settings/role.ts). */
  role: ServerRole;
  host: string;
  port: number;
  /** Base URL used in emailed links, e.g. `https://console.example.com` (no trailing slash). */
  publicUrl: string;
  dataDir: string;
  /** Set: PostgreSQL via `pg`. Unset: PGlite embedded in `dataDir/pglite` (or in memory for `memory://`). */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** PostgreSQL: named (prepared) statements; off behind a transaction-mode pooler. */
  databasePreparedStatements: boolean;
  seedDemo: boolean;
  admin: { email: string; password: string } | undefined;
  jwtSecret: string;
  sessionTtlSeconds: number;
  version: string;
  iosLink: string;
  androidLink: string;
  marketingUrl: string;
  logLevel: string;
  /** Set: the JSON log is appended to this file instead of stdout (the end-to-end run scans it for secrets). */
  logFile: string | undefined;
  /** Passed to Fastify's `trustProxy`: false, true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string;
  loginRatePerMinute: number;
  loginFailuresMax: number;
  loginFailuresWindowMs: number;
  resetMaxPerHour: number;
  /** Dry runs of POST /invites/batch one user may ask per minute (the import's preview checks). */
  inviteBatchChecksPerMinute: number;
  /** Batches one user may send through POST /invites/batch per minute. */
  inviteBatchSendsPerMinute: number;
  /** How long a file URL handed out by the server serves the file (milliseconds; signing.ts rounds it up to a window). */
  fileUrlLifetimeMs: number;
  /** Bytes one user may upload in 24 hours (files module). */
  uploadMaxBytesPerDay: number;
  /** Where files are stored (STORAGE_DRIVER, S3_*): the local disk of `dataDir`, or an S3 bucket. */
  storage: StorageSettings;
  /** Days after its review an answer's videos are kept (original, MP4, poster); undefined keeps them forever. */
  videoRetentionDays: number | undefined;
  /** Folder of the built console, served with SPA fallback; absent folder = API only. */
  webDist: string;
  /** Folder of the built practice app, served at /practice with SPA fallback; absent = 404 there. */
  practiceDist: string;
  /** SMTP delivery of the outbox (operations.md 'Environment variables'). */
  mail: MailConfig;
  /** Media processing of answer videos (settings/media.ts). */
  media: MediaConfig;
  /** The notification scheduler (settings/notifications.ts). */
  notifications: NotificationsConfig;
  /** Who may read `/metrics` (settings/metrics.ts). */
  metrics: MetricsConfig;
  /** Webhook delivery (settings/webhooks.ts). */
  webhooks: WebhooksConfig;
}

export class ConfigError extends Error {}

function parseTrustProxy(raw: string): boolean | number | string {
  if (raw === 'true') return true;
  if (raw === 'false' || raw === '') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

function readPackageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(serverRoot, '..', 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * The signing key for session tokens. Production must set JWT_SECRET; the embedded default keeps
 * a random key in `DATA_DIR/jwt-secret` so tokens survive a restart; tests get a random key.
 */
function resolveJwtSecret(
  env: Config['env'],
  given: string | undefined,
  dataDir: string,
  embedded: boolean,
): string {
  if (given) return given;
  if (env === 'production')
    throw new ConfigError('JWT_SECRET is required in production (at least 32 characters).');
  if (!embedded || dataDir === 'memory://') return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Validates `env` (default `process.env`) once and returns the server's configuration. */
export function loadConfig(env: NodeJS.ProcessEnv | Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const embedded = !e.DATABASE_URL;
  const dataDir = e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD go together.');
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('STORAGE_DRIVER=s3 needs S3_BUCKET (and S3_ENDPOINT unless on AWS).');
  }
  // Read again by lib/password.ts at each hash; checked here so a server refuses it at start-up.
  try {
    passwordHashCostFrom(e.PASSWORD_HASH_COST, e.NODE_ENV);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return Object.freeze({
    env: e.NODE_ENV,
    role: roleConfigFrom(e),
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    seedDemo: e.SEED_DEMO ?? embedded,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    jwtSecret: resolveJwtSecret(e.NODE_ENV, e.JWT_SECRET, dataDir, embedded),
    sessionTtlSeconds: Math.round(e.SESSION_TTL_HOURS * 3600),
    version: e.APP_VERSION ?? readPackageVersion(),
    iosLink: e.IOS_LINK,
    androidLink: e.ANDROID_LINK,
    marketingUrl: e.MARKETING_URL,
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE?.trim() ? path.resolve(e.LOG_FILE.trim()) : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    loginRatePerMinute: e.LOGIN_RATE_PER_MINUTE,
    loginFailuresMax: e.LOGIN_FAILURES_MAX,
    loginFailuresWindowMs: Math.round(e.LOGIN_FAILURES_WINDOW_MINUTES * 60_000),
    resetMaxPerHour: e.RESET_MAX_PER_HOUR,
    inviteBatchChecksPerMinute: e.INVITE_BATCH_CHECKS_PER_MINUTE,
    inviteBatchSendsPerMinute: e.INVITE_BATCH_SENDS_PER_MINUTE,
    fileUrlLifetimeMs: Math.round(e.FILE_URL_LIFETIME_MINUTES * 60_000),
    uploadMaxBytesPerDay: e.UPLOAD_MAX_BYTES_PER_DAY,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3' as const,
            bucket: e.S3_BUCKET!,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local' as const },
    videoRetentionDays: e.VIDEO_RETENTION_DAYS,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
    practiceDist: path.resolve(
      e.PRACTICE_DIST ?? path.join(serverRoot, '..', 'web', 'dist-practice'),
    ),
    mail: mailConfigFrom(e),
    media: mediaConfigFrom(e),
    notifications: notificationsConfigFrom(e, e.NODE_ENV),
    metrics: metricsConfigFrom(e),
    webhooks: webhooksConfigFrom(e, e.NODE_ENV),
  });
}
