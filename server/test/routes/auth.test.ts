/**
 * POST /api/auth and GET /api/auth/session (000 §2.3, §7; decisions.md#api, 'Sessions and tokens').
 */
import { SignJWT } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, Role } from '@practica/contract';
import { organizations, users } from '../../src/db/schema/index.js';
import { bearer, buildTestApp, testSecret, tokenFor, type TestContext } from '../helpers/build.js';

// The stored hashes are checked for the production parameters: this file hashes at the standard
// cost, not the server project's test cost (settings/password-hash.ts).
vi.stubEnv('PASSWORD_HASH_COST', 'standard');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const login = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth', payload: payload as object });

describe('POST /api/auth', () => {
  it.each([
    ['admin@demo.test', Role.Admin, 'Admin', null],
    ['manager@demo.test', Role.Manager, 'Manager', 'Demo Academy'],
    ['instructor@demo.test', Role.Instructor, 'Instructor', 'Demo Academy'],
    ['instructor2@demo.test', Role.Instructor, 'Instructor', 'Demo Academy'],
    ['trainee@demo.test', Role.Trainee, 'Trainee', 'Demo Academy'],
    ['manager2@demo.test', Role.Manager, 'Manager', 'Northwind Training'],
  ])('signs in %s with the session user fields of 000 §3', async (email, roleId, role, orgName) => {
    const res = await login({ email, password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: messages.successfullyLogin, error: null });
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'creator',
        'email',
        'firstName',
        'id',
        'imageUrl',
        'lastName',
        'organization',
        'organizationId',
        'phoneNumber',
        'role',
        'roleId',
        'token',
      ].sort(),
    );
    expect(body.data).toMatchObject({ email, roleId, role });
    expect(body.data.organization?.name ?? null).toBe(orgName);
    expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('gives admin@demo.test the id 1 and the creator flag to instructor@demo.test only', async () => {
    const admin = (await login({ email: 'admin@demo.test', password: 'demo1234' })).json();
    expect(admin.data.id).toBe(1);
    const creator = (await login({ email: 'instructor@demo.test', password: 'demo1234' })).json();
    expect(creator.data.creator).toBe(true);
    const plain = (await login({ email: 'instructor2@demo.test', password: 'demo1234' })).json();
    expect(plain.data.creator).toBe(false);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await login({ email: '  Manager@Demo.TEST ', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 with the spec message for a wrong password and for an unknown email', async () => {
    for (const payload of [
      { email: 'manager@demo.test', password: 'wrong-one' },
      { email: 'nobody@demo.test', password: 'demo1234' },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: messages.emailOrPasswordIncorrect,
        data: null,
        error: { code: 'VALIDATION', message: messages.emailOrPasswordIncorrect },
      });
    }
  });

  it('answers 400 with both required messages for an empty body', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: messages.emailAddressRequired },
        { path: 'password', message: messages.passwordRequired },
      ]),
    );
  });

  it('answers 400 for blank fields and for wrong types', async () => {
    expect((await login({ email: '', password: '' })).statusCode).toBe(400);
    expect((await login({ email: 42, password: ['x'] })).statusCode).toBe(400);
  });

  it('answers 400 in the envelope for malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: null, error: { code: 'VALIDATION' } });
  });

  it('refuses a deactivated user, a soft-deleted user and a member of an inactive organization', async () => {
    expect((await login({ email: 'lucas@demo.test', password: 'demo1234' })).json().message).toBe(
      messages.emailOrPasswordIncorrect,
    );
    expect((await login({ email: 'sofia@demo.test', password: 'demo1234' })).statusCode).toBe(400);
    const db = ctx.testDb.database.db;
    await db
      .update(organizations)
      .set({ active: false })
      .where(eq(organizations.name, 'Northwind Training'));
    try {
      const res = await login({ email: 'manager2@demo.test', password: 'demo1234' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.emailOrPasswordIncorrect);
    } finally {
      await db
        .update(organizations)
        .set({ active: true })
        .where(eq(organizations.name, 'Northwind Training'));
    }
  });

  it('stores argon2id hashes only', async () => {
    const rows = await ctx.testDb.database.db.select({ h: users.passwordHash }).from(users);
    for (const row of rows) expect(row.h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('GET /api/auth/session: token checks', () => {
  const session = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers });
  const secret = new TextEncoder().encode(testSecret);
  const sign = (
    claims: Record<string, unknown>,
    opts: { exp?: number; key?: Uint8Array; sub?: string } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(opts.sub ?? '2')
      .setIssuer('practica')
      .setAudience('practica-console')
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(opts.key ?? secret);

  it('answers the signed-in user for a valid token', async () => {
    const token = await tokenFor(ctx.app, 'manager@demo.test');
    const res = await session(bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'manager@demo.test', roleId: Role.Manager });
  });

  it('answers 401 in the envelope without a token and with a malformed header', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not-a-jwt' },
    ] as Record<string, string>[]) {
      const res = await session(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        success: false,
        data: null,
        error: { code: 'UNAUTHORIZED' },
      });
    }
  });

  it('answers 401 for an expired, a tampered, a wrongly signed and an alg:none token', async () => {
    const manager = await tokenFor(ctx.app, 'manager@demo.test');
    const managerId = JSON.parse(Buffer.from(manager.split('.')[1]!, 'base64url').toString())
      .sub as string;
    const expired = await sign(
      { tv: 0 },
      { exp: Math.floor(Date.now() / 1000) - 10, sub: managerId },
    );
    const wrongKey = await sign(
      { tv: 0 },
      { key: new TextEncoder().encode('x'.repeat(48)), sub: managerId },
    );
    const [h, p, s] = manager.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = [
      h,
      Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url'),
      s,
    ].join('.');
    const none = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url'),
      '',
    ].join('.');
    for (const token of [expired, wrongKey, tampered, none]) {
      expect((await session(bearer(token))).statusCode).toBe(401);
    }
    // A well-signed token for the same user still works: the refusals above are about the token.
    expect((await session(bearer(await sign({ tv: 0 }, { sub: managerId })))).statusCode).toBe(200);
  });

  it('answers 401 for a token missing its expiry', async () => {
    const noExp = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('practica')
      .setAudience('practica-console')
      .sign(secret);
    expect((await session(bearer(noExp))).statusCode).toBe(401);
  });

  it('answers 401 for an older token after the token version moves, and after deactivation', async () => {
    const db = ctx.testDb.database.db;
    const token = await tokenFor(ctx.app, 'omar@demo.test');
    expect((await session(bearer(token))).statusCode).toBe(200);
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.email, 'omar@demo.test'));
    expect((await session(bearer(token))).statusCode).toBe(401);

    const second = await tokenFor(ctx.app, 'priya@demo.test');
    await db.update(users).set({ active: false }).where(eq(users.email, 'priya@demo.test'));
    expect((await session(bearer(second))).statusCode).toBe(401);
  });
});
