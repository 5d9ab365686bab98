/**
 * Builds the production app (`buildApp`) on a fresh test database, seeded with the demo data,
 * and signs in as the demo accounts.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, type Env } from '../../src/config.js';
import { demoPassword, seedDemo } from '../../src/seed/demo.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestContext {
  app: FastifyInstance;
  testDb: TestDatabase;
  close(): Promise<void>;
}

export const testSecret = 'test-secret-test-secret-test-secret-0123456789';

/** The configuration every test app starts from (no built web apps, silent, in memory). */
export const testEnv = {
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  JWT_SECRET: testSecret,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  PRACTICE_DIST: '/nonexistent',
} as const;

/**
 * Builds the app on a new database; `env` overrides configuration; `seed` (default true) loads the
 * demo data; `onRoute` sees every route as it is registered.
 */
export async function buildTestApp(
  env: Partial<Env> = {},
  {
    seed = true,
    ready = true,
    onRoute,
  }: { seed?: boolean; ready?: boolean; onRoute?: BuildOptions['onRoute'] } = {},
): Promise<TestContext> {
  const testDb = await createTestDatabase();
  if (seed) await seedDemo(testDb.database.db);
  const config = loadConfig({ ...testEnv, ...env });
  const app = await buildApp(config, {
    database: testDb.database,
    logger: false,
    ...(onRoute ? { onRoute } : {}),
  });
  if (ready) await app.ready();
  return {
    app,
    testDb,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

/** Signs in with the demo password; returns the token (throws when the sign-in fails). */
export async function tokenFor(
  app: FastifyInstance,
  email: string,
  password = demoPassword,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth', payload: { email, password } });
  if (res.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An HTTP method of the API. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `app.inject` of `method url` with the session `token` as bearer (none: without a token) and an
 * optional JSON body.
 */
export function injectWithToken(
  app: FastifyInstance,
  method: Method,
  url: string,
  token?: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
}
