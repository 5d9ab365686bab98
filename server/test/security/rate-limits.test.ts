/**
 * Issue 10 'Sessions and secrets': the limits on sign-in, password reset and invite acceptance
 * (DECISIONS.md 'Sessions and tokens') hold when every request claims another address in
 * X-Forwarded-For, unless TRUST_PROXY says the caller is our proxy: then each forwarded address
 * has its own budget. The limits on an email address (failed sign-ins, reset requests) never
 * depend on the address the request comes from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, messages } from '@practica/contract';
import { users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/lib/password.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';

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
