/**
 * decisions.md#reliability-and-security 'Sessions and secrets': the limits on sign-in, password reset and invite acceptance
 * (decisions.md#sessions-and-tokens) hold when every request claims another address in
 * X-Forwarded-For, unless TRUST_PROXY says the caller is our proxy: then each forwarded address
 * has its own budget. The limits on an email address (failed sign-ins, reset requests) never
 * depend on the address the request comes from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages } from '@practica/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { attemptHits, users } from '../../src/db/schema/index.js';
import { AttemptLimiter } from '../../src/lib/attempt-limiter.js';
import { hashPassword } from '../../src/lib/password.js';
import { buildTestApp, testSecret, type TestContext } from '../helpers/build.js';

const password = 'pass1234';
let passwordHash: string;
const apps: TestContext[] = [];

/** An app with tight limits: 4 requests per minute per address, 3 failures per email, 2 resets per email. */
async function appWith(trustProxy: string): Promise<TestContext> {
  const ctx = await buildTestApp(
    {
      TRUST_PROXY: trustProxy,
      LOGIN_RATE_PER_MINUTE: '4',
      LOGIN_FAILURES_MAX: '3',
      RESET_MAX_PER_HOUR: '2',
      MAIL_POLL_MS: '3600000',
    } as never,
    { seed: false },
  );
  apps.push(ctx);
  await ctx.testDb.database.db.insert(users).values(
    ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'].map((name) => ({
      email: `${name}@limits.test`,
      firstName: name,
      lastName: 'Limit',
      passwordHash,
      roleId: Role.Admin,
    })),
  );
  return ctx;
}

let untrusted: TestContext;
let trusted: TestContext;
let trustedHop: TestContext;
let otherProxy: TestContext;

beforeAll(async () => {
  passwordHash = await hashPassword(password);
  // One after the other: four PGlite databases at once starve a shared machine.
  untrusted = await appWith('false');
  trusted = await appWith('true');
  trustedHop = await appWith('127.0.0.1');
  otherProxy = await appWith('10.9.8.7');
}, 180_000);

afterAll(async () => {
  await Promise.all(apps.map((ctx) => ctx.close()));
});

let n = 0;
/** A new address each call: what a client rotating X-Forwarded-For sends. */
const rotating = () => ({ 'x-forwarded-for': `203.0.113.${(n++ % 250) + 1}` });

const signIn = (ctx: TestContext, email: string, pass: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth', headers, payload: { email, password: pass } });
const reset = (ctx: TestContext, email: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'PUT', url: `/api/auth/reset-password?email=${email}`, headers });
const accept = (ctx: TestContext, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/invites/accept',
    headers,
    payload: {
      firstName: 'A',
      lastName: 'B',
      email: 'x@limits.test',
      token: 'no-such-token',
      password,
    },
  });

function expect429(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({
    success: false,
    data: null,
    error: { code: 'RATE_LIMITED', message: messages.tooManyRequests },
  });
}

describe('without a trusted proxy (TRUST_PROXY=false, or a proxy that is not the caller)', () => {
  for (const [name, ctx] of [
    ['false', () => untrusted],
    ['10.9.8.7', () => otherProxy],
  ] as const) {
    it(`TRUST_PROXY=${name}: sign-in, reset and accept limits per address hold under rotating X-Forwarded-For`, async () => {
      const app = ctx();
      for (let i = 0; i < 4; i++)
        expect((await signIn(app, 'one@limits.test', password, rotating())).statusCode).toBe(200);
      expect429(await signIn(app, 'two@limits.test', password, rotating()));
      for (let i = 0; i < 4; i++) expect((await accept(app, rotating())).statusCode).toBe(404);
      expect429(await accept(app, rotating()));
      // Reset requests have a budget of their own per address (different emails, so that the
      // per-email limit does not answer first).
      for (const who of ['one', 'two', 'three', 'six'])
        expect((await reset(app, `${who}@limits.test`, rotating())).statusCode).toBe(200);
      expect429(await reset(app, 'seven@limits.test', rotating()));
    });
  }

  it('failed sign-ins per email: 3, then 429 even with the right password and a new address', async () => {
    const app = trusted; // the per-email limit holds whatever the proxy setting
    for (let i = 0; i < 3; i++)
      expect((await signIn(app, 'four@limits.test', 'wrong-one', rotating())).statusCode).toBe(400);
    expect429(await signIn(app, 'four@limits.test', password, rotating()));
    expect429(await signIn(app, 'Four@Limits.test', password, rotating()));
  });

  it('reset requests per email: 2 an hour, whatever the address', async () => {
    const app = trustedHop;
    for (let i = 0; i < 2; i++)
      expect((await reset(app, 'five@limits.test', rotating())).statusCode).toBe(200);
    expect429(await reset(app, 'five@limits.test', rotating()));
    expect429(await reset(app, 'FIVE@limits.test', rotating()));
    // Another address of the same requester is not affected.
    expect((await reset(app, 'six@limits.test', rotating())).statusCode).toBe(200);
  });
});

describe('behind a trusted proxy the limits key on the forwarded address', () => {
  for (const [name, ctx] of [
    ['true', () => trusted],
    ['127.0.0.1', () => trustedHop],
  ] as const) {
    it(`TRUST_PROXY=${name}`, async () => {
      const app = ctx();
      // Each forwarded address has its own budget …
      for (let i = 0; i < 6; i++)
        expect((await signIn(app, 'seven@limits.test', password, rotating())).statusCode).toBe(200);
      // … and one address keeps to it.
      const one = { 'x-forwarded-for': `198.51.100.${name === 'true' ? 1 : 2}` };
      for (let i = 0; i < 4; i++)
        expect((await signIn(app, 'eight@limits.test', password, one)).statusCode).toBe(200);
      expect429(await signIn(app, 'eight@limits.test', password, one));
      expect((await signIn(app, 'eight@limits.test', password, rotating())).statusCode).toBe(200);
    });
  }
});

describe('the limits on an email address are counted in the database', () => {
  it('two copies of the server on one database share the failed sign-ins and the reset requests of an address', async () => {
    // The second copy: on PostgreSQL a pool of its own (as another process would have); PGlite is
    // one process's database, so there the copies share it.
    const url = trusted.testDb.url;
    const database = url
      ? await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 2 })
      : trusted.testDb.database;
    const copy = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: 'memory://',
        JWT_SECRET: testSecret,
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        TRUST_PROXY: 'true',
        LOGIN_RATE_PER_MINUTE: '100',
        LOGIN_FAILURES_MAX: '3',
        RESET_MAX_PER_HOUR: '2',
        MAIL_POLL_MS: '3600000',
      }),
      { database, logger: false },
    );
    try {
      const other = { app: copy } as TestContext;
      // Failures alternate between the copies: 2 here, 1 there, and the 4th attempt is refused
      // by either, even with the right password.
      expect((await signIn(trusted, 'three@limits.test', 'wrong', rotating())).statusCode).toBe(
        400,
      );
      expect((await signIn(other, 'three@limits.test', 'wrong', rotating())).statusCode).toBe(400);
      expect((await signIn(trusted, 'three@limits.test', 'wrong', rotating())).statusCode).toBe(
        400,
      );
      expect429(await signIn(other, 'three@limits.test', password, rotating()));
      expect429(await signIn(trusted, 'three@limits.test', password, rotating()));
      // Reset requests: one on each copy, then the address's budget is spent on both.
      expect((await reset(other, 'eight@limits.test', rotating())).statusCode).toBe(200);
      expect((await reset(trusted, 'eight@limits.test', rotating())).statusCode).toBe(200);
      expect429(await reset(other, 'eight@limits.test', rotating()));
      // The addresses are kept only as hashes.
      const rows = await trusted.testDb.database.db.select().from(attemptHits);
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const row of rows) {
        expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
        expect(JSON.stringify(row)).not.toContain('limits.test');
      }
    } finally {
      await copy.close();
      if (url) await database.close();
    }
  });

  it('is a sliding window: a hit counts for the window, the retry time is when the oldest counted hit leaves it, and a reset forgets the key', async () => {
    let now = 1_000_000;
    const db = trusted.testDb.database.db;
    const limiter = new AttemptLimiter(db, 'window-test', 2, 10_000, () => now);
    const other = new AttemptLimiter(db, 'other-scope', 2, 10_000, () => now);
    expect(await limiter.retryAfterSeconds('a@x.test')).toBe(0);
    await limiter.hit('a@x.test');
    now += 4_000;
    await limiter.hit('a@x.test');
    // Two hits at 0 s and 4 s: blocked until the first leaves the 10 s window.
    now += 500;
    expect(await limiter.retryAfterSeconds('a@x.test')).toBe(6);
    // Another key, and the same key under another scope, are not affected.
    expect(await limiter.retryAfterSeconds('b@x.test')).toBe(0);
    expect(await other.retryAfterSeconds('a@x.test')).toBe(0);
    now += 5_500; // 10 s after the first hit: only the second one counts
    expect(await limiter.retryAfterSeconds('a@x.test')).toBe(0);
    await limiter.hit('a@x.test');
    expect(await limiter.retryAfterSeconds('a@x.test')).toBe(4);
    // The hit also dropped the key's hit that left the window.
    const stored = async () =>
      (await db.select().from(attemptHits)).filter((r) => r.scope === 'window-test').length;
    expect(await stored()).toBe(2);
    await limiter.reset('a@x.test');
    expect(await limiter.retryAfterSeconds('a@x.test')).toBe(0);
    expect(await stored()).toBe(0);
    // A key that never comes back does not stay: a minute on, another key's hit sweeps the
    // scope's expired rows (and only this scope's).
    await limiter.hit('c@x.test');
    await other.hit('c@x.test');
    now += 61_000;
    await limiter.hit('d@x.test');
    expect(await stored()).toBe(1);
    expect((await db.select().from(attemptHits)).some((r) => r.scope === 'other-scope')).toBe(true);
  });
});
