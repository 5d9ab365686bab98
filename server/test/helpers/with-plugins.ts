/**
 * Builds the production app with the files and mail modules registered — by app.ts once it wires
 * them, otherwise here with the same configuration (so these tests pass before and after the
 * wiring). Settings go through `env` only (SMTP_URL, MAIL_POLL_MS …), as in production.
 * `testDb` builds the app on an existing database (a restart); that database is not dropped on close.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Env } from '../../src/config.js';
import { fileRoutes, filesPlugin } from '../../src/modules/files/index.js';
import { loadMailConfig, mailPlugin, type MailEnv } from '../../src/modules/mail/index.js';
import { buildTestApp, testSecret, type TestContext } from './build.js';
import type { TestDatabase } from './database.js';

export type PluginEnv = Partial<Env> & Partial<MailEnv>;

const baseEnv = {
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  JWT_SECRET: testSecret,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  // No background polling unless a test asks: deliveries happen in drain().
  MAIL_POLL_MS: '3600000',
} as const;

async function registerModules(app: FastifyInstance, env: PluginEnv): Promise<void> {
  if (!app.hasDecorator('files')) {
    await app.register(filesPlugin);
    await app.register(fileRoutes, { prefix: '/api' });
  }
  if (!app.hasDecorator('mail')) {
    await app.register(mailPlugin, loadMailConfig({ ...baseEnv, ...env }));
  }
}

/** The app with files and mail, on a new database (seeded unless `seed: false`) or on `testDb`. */
export async function buildWithPlugins(
  env: PluginEnv = {},
  { seed = true, testDb }: { seed?: boolean; testDb?: TestDatabase } = {},
): Promise<TestContext> {
  const fullEnv = { ...baseEnv, ...env };
  if (!testDb) {
    const ctx = await buildTestApp(fullEnv as Partial<Env>, { seed, ready: false });
    await registerModules(ctx.app, fullEnv);
    await ctx.app.ready();
    return ctx;
  }
  const app = await buildApp(loadConfig(fullEnv as Env), {
    database: testDb.database,
    logger: false,
  });
  await registerModules(app, fullEnv);
  await app.ready();
  return { app, testDb, close: () => app.close() };
}
