/**
 * What the single sign-on tests share (decisions.md#single-sign-on): the app built with a
 * `PUBLIC_URL` and a log file to read, taking a finished sign-in's session, an invite of a
 * trainee, and how many accounts use an email. The protocols' own steps stay in their tests.
 */
import { eq } from 'drizzle-orm';
import { Role } from '@practica/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { users } from '../../src/db/schema/index.js';
import { apiData, type Factory } from '../factories.js';
import { testSecret, type TestContext } from './build.js';
import { createTestDatabase } from './database.js';

/** The app on a fresh test database, answering as `publicUrl`, logging to `logFile`. */
export async function buildSsoApp(publicUrl: string, logFile: string): Promise<TestContext> {
  const testDb = await createTestDatabase();
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      JWT_SECRET: testSecret,
      LOG_LEVEL: 'info',
      LOG_FILE: logFile,
      PUBLIC_URL: publicUrl,
      WEB_DIST: '/nonexistent',
      PRACTICE_DIST: '/nonexistent',
      MAIL_POLL_MS: '3600000',
    }),
    { database: testDb.database },
  );
  await app.ready();
  return {
    app,
    testDb,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

/** POST /api/auth/sso/session with the finished sign-in's cookie among `cookies`. */
export function takeSession(ctx: TestContext, cookies: string[]) {
  const done = cookies.find((c) => c.startsWith('practica_sso_done=') && !c.includes('Max-Age=0'));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sso/session',
    headers: { cookie: done?.split(';')[0] ?? '' },
  });
}

/** An invite of `email` as Trainee to the organization, made by its manager. */
export async function inviteTrainee(
  f: Factory,
  organizationId: number,
  managerToken: string,
  email: string,
) {
  await apiData(f, 'POST', '/api/invites', managerToken, {
    organizationId,
    roleId: Role.Trainee,
    firstName: 'Ivy',
    lastName: 'Invited',
    email,
  });
}

/** How many accounts use `email`. */
export async function userCount(f: Factory, email: string): Promise<number> {
  return (await f.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;
}
