/**
 * decisions.md#reliability-and-security 'Sessions and secrets': session tokens and emailed tokens. Extends
 * server/test/routes/auth.test.ts (alg none, a wrong key, an edited subject, expiry, a missing
 * expiry, a version moved in the database, a deactivation in the database, the seed's argon2id
 * hashes) with: more forged and edited tokens on reads and writes; the calls that end sessions
 * (password change by oneself, by a manager, by reset link; deactivation; soft delete; erase;
 * organization deactivation), whose old tokens stay dead after the undo; emailed tokens (reset,
 * email change, invite, admin welcome) single use, expiring after their lifetime, stored only as
 * SHA-256 hashes, and scrubbed from delivered mails; argon2id for every password the API sets.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  emailChangeTokenLifetimeMs,
  inviteTokenLifetimeMs,
  messages,
  resetTokenLifetimeMs,
  Role,
  type RoleId,
} from '@practica/contract';
import {
  MailStatus,
  TokenPurpose,
  inviteLinks,
  invites,
  mailOutbox,
  organizations,
  userTokens,
  users,
} from '../../src/db/schema/index.js';
import { newEmailToken } from '../../src/lib/email-token.js';
import { hashPassword } from '../../src/lib/password.js';
import {
  bearer,
  injectWithToken,
  testSecret,
  type Method,
  type TestContext,
} from '../helpers/build.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { mailsTo, tokenFromMail } from '../helpers/users.js';
import { buildWithPlugins } from '../helpers/with-plugins.js';

// The stored hashes are checked for the production parameters: this file hashes at the standard
// cost, not the server project's test cost (settings/password-hash.ts).
vi.stubEnv('PASSWORD_HASH_COST', 'standard');

let ctx: TestContext;
let smtp: SmtpReceiver;
let organizationId: number;
let managerToken: string;
let adminToken: string;
const password = 'pass1234';
let passwordHash: string;
let seq = 0;

const db = () => ctx.testDb.database.db;
const secret = new TextEncoder().encode(testSecret);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function signIn(email: string, pass = password): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { email, password: pass },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { token: string } }).data.token;
}

/** A new user of the organization (a trainee by default) and its session token. */
async function person(
  roleId: RoleId = Role.Trainee,
): Promise<{ id: number; email: string; token: string }> {
  const email = `person${++seq}@tokens.test`;
  const [row] = await db()
    .insert(users)
    .values({ email, firstName: 'Per', lastName: 'Son', passwordHash, roleId, organizationId })
    .returning({ id: users.id });
  return { id: row!.id, email, token: await signIn(email) };
}

const session = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
/** `method url` with the session `token` (none: without one) and an optional body. */
const call = (method: Method, url: string, token?: string, payload?: object) =>
  injectWithToken(ctx.app, method, url, token, payload);

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await buildWithPlugins({ SMTP_URL: smtp.url }, { seed: false });
  passwordHash = await hashPassword(password);
  await db().insert(users).values({
    email: 'admin@tokens.test',
    firstName: 'Ada',
    lastName: 'Admin',
    passwordHash,
    roleId: Role.Admin,
  });
  adminToken = await signIn('admin@tokens.test');
  const org = await call('POST', '/api/organizations', adminToken, {
    name: 'Token Org',
    address: 'Token street 1',
    contact: {
      firstName: 'Con',
      lastName: 'Tact',
      email: 'contact@tokens.test',
      phoneNumber: '0123456789',
    },
    userSeats: 1000,
    creatorSeats: 10,
  });
  expect(org.statusCode, org.body).toBe(200);
  organizationId = (org.json() as { data: { id: number } }).data.id;
  managerToken = (await person(Role.Manager)).token;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('forged and edited session tokens answer 401 on reads and writes', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const parts = (token: string) => {
    const [h, p, s] = token.split('.');
    return {
      header: JSON.parse(Buffer.from(h!, 'base64url').toString()) as Record<string, unknown>,
      claims: JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>,
      signature: s!,
    };
  };
  const signed = (claims: Record<string, unknown>, key = secret, alg = 'HS256') =>
    new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);

  it('refuses every variant, while the untouched token and a well-made one still work', async () => {
    const me = await person(Role.Instructor);
    const other = await person(Role.Manager);
    const { header, claims, signature } = parts(me.token);
    const now = Math.floor(Date.now() / 1000);
    const good = { ...claims, iat: now, exp: now + 600 };
    const forged: Record<string, string> = {
      'alg none, no signature': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      'alg none, signature kept': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.${signature}`,
      'alg NONE': `${b64({ alg: 'NONE' })}.${b64(claims)}.`,
      'alg HS512 header on an HS256 signature': `${b64({ ...header, alg: 'HS512' })}.${b64(claims)}.${signature}`,
      'alg RS256 header': `${b64({ ...header, alg: 'RS256' })}.${b64(claims)}.${signature}`,
      'subject edited to another user': `${b64(header)}.${b64({ ...claims, sub: String(other.id) })}.${signature}`,
      'token version edited': `${b64(header)}.${b64({ ...claims, tv: Number(claims['tv']) + 1 })}.${signature}`,
      'expiry edited a year ahead': `${b64(header)}.${b64({ ...claims, exp: now + 31_536_000 })}.${signature}`,
      'signature stripped': `${b64(header)}.${b64(claims)}.`,
      'signature of another token': `${b64(header)}.${b64(claims)}.${parts(other.token).signature}`,
      'two parts only': `${b64(header)}.${b64(claims)}`,
      'signed with another key': await signed(good, new TextEncoder().encode('k'.repeat(48))),
      'signed with HS512 and the right key': await signed(good, secret, 'HS512'),
      'another issuer': await signed({ ...good, iss: 'someone-else' }),
      'another audience': await signed({ ...good, aud: 'another-app' }),
      'no subject': await signed({ ...good, sub: undefined }),
      'no token version': await signed({ ...good, tv: undefined }),
      'token version as text': await signed({ ...good, tv: String(claims['tv']) }),
      'subject of nobody': await signed({ ...good, sub: '987654' }),
      'subject 0': await signed({ ...good, sub: '0' }),
      'subject not a number': await signed({ ...good, sub: 'admin' }),
      'no expiry': await signed({ ...good, exp: undefined }),
      'expired a second ago': await signed({ ...good, iat: now - 100, exp: now - 1 }),
      'expired long ago': await signed({ ...good, iat: now - 90_000, exp: now - 86_400 }),
      'not valid before next hour': await signed({ ...good, nbf: now + 3600 }),
    };
    const calls = [
      (t: string) => session(t),
      (t: string) => call('GET', '/api/users', t),
      (t: string) => call('PUT', `/api/users/${me.id}`, t, { firstName: 'Mal', lastName: 'Lory' }),
      (t: string) =>
        call('POST', '/api/groups', t, { name: 'G', description: 'D', organizationId }),
    ];
    for (const [name, token] of Object.entries(forged)) {
      for (const send of calls) {
        const res = await send(token);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(401);
        expect(res.json()).toMatchObject({
          success: false,
          data: null,
          error: { code: 'UNAUTHORIZED' },
        });
      }
    }
    expect((await db().select().from(users).where(eq(users.id, me.id)))[0]!.firstName).toBe('Per');
    expect((await session(me.token)).statusCode).toBe(200);
    expect((await session(await signed(good))).statusCode).toBe(200);
  });

  it('a token that was accepted is refused from the second it expires', async () => {
    // Verified tokens are remembered (lib/session-token.ts); their expiry must still hold.
    const me = await person(Role.Instructor);
    const { claims } = parts(me.token);
    const exp = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await signed({ ...claims, iat: exp - 2, exp });
    for (let i = 0; i < 3; i++) expect((await session(shortLived)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    expect((await session(shortLived)).statusCode).toBe(401);
    expect((await call('GET', '/api/users', shortLived)).statusCode).toBe(401);
    expect((await session(me.token)).statusCode).toBe(200);
  });

  it('takes the token from the Authorization header only', async () => {
    const me = await person(Role.Instructor);
    for (const res of [
      await ctx.app.inject({ method: 'GET', url: `/api/auth/session?token=${me.token}` }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: `token=${me.token}` },
      }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { authorization: me.token },
      }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { authorization: `Basic ${me.token}` },
      }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { authorization: `Bearer ${me.token} extra` },
      }),
    ])
      expect(res.statusCode).toBe(401);
  });
});

describe('old tokens answer 401 after the calls that end sessions', () => {
  it('a password change by oneself: the answer carries the new token', async () => {
    const me = await person(Role.Instructor);
    const res = await call('PUT', `/api/users/${me.id}/update-password`, me.token, {
      password: 'newpass1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = (res.json() as { data: { token: string } }).data.token;
    expect((await session(me.token)).statusCode).toBe(401);
    expect((await session(fresh)).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/users/${me.id}`, me.token, { firstName: 'A', lastName: 'B' }))
        .statusCode,
    ).toBe(401);
  });

  it('a new password through PUT /users/{id} by oneself', async () => {
    const me = await person(Role.Instructor);
    const res = await call('PUT', `/api/users/${me.id}`, me.token, {
      firstName: 'Per',
      lastName: 'Son',
      password: 'newpass2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await session(me.token)).statusCode).toBe(401);
    expect((await session((res.json() as { data: { token: string } }).data.token)).statusCode).toBe(
      200,
    );
  });

  it("a password change by the user's manager", async () => {
    const me = await person();
    const res = await call('PUT', `/api/users/${me.id}/update-password`, managerToken, {
      password: 'newpass3',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { token?: string } }).data.token).toBeUndefined();
    expect((await session(me.token)).statusCode).toBe(401);
    expect((await session(managerToken)).statusCode).toBe(200);
    await signIn(me.email, 'newpass3');
  });

  it('a password reset through the emailed link', async () => {
    const me = await person();
    expect((await call('PUT', `/api/auth/reset-password?email=${me.email}`)).statusCode).toBe(200);
    const token = tokenFromMail((await mailsTo(db(), me.email))[0]!.textBody, '/password-reset');
    const res = await call('PUT', `/api/users/reset-password/${token}`, undefined, {
      newPassword: 'newpass4',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await session(me.token)).statusCode).toBe(401);
    await signIn(me.email, 'newpass4');
  });

  it('deactivation, and still after activating again', async () => {
    const me = await person();
    expect((await call('PUT', `/api/users/${me.id}/deactivate`, managerToken)).statusCode).toBe(
      200,
    );
    expect((await session(me.token)).statusCode).toBe(401);
    expect((await call('PUT', `/api/users/${me.id}/activate`, managerToken)).statusCode).toBe(200);
    expect((await session(me.token)).statusCode).toBe(401);
    expect((await session(await signIn(me.email))).statusCode).toBe(200);
  });

  it('soft delete, and still after the restore; erase', async () => {
    const me = await person();
    expect((await call('PUT', `/api/users/${me.id}/delete`, adminToken)).statusCode).toBe(200);
    expect((await session(me.token)).statusCode).toBe(401);
    expect((await call('PUT', `/api/users/${me.id}/restore`, adminToken)).statusCode).toBe(200);
    expect((await session(me.token)).statusCode).toBe(401);
    const again = await signIn(me.email);
    expect((await call('PUT', `/api/users/${me.id}/delete`, adminToken)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/users/${me.id}`, adminToken)).statusCode).toBe(200);
    expect((await session(again)).statusCode).toBe(401);
    // A well-signed token of the erased user, with its last version, is no better.
    const minted = await new SignJWT({ tv: 99 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(me.id))
      .setIssuer('practica')
      .setAudience('practica-console')
      .setExpirationTime('10m')
      .sign(secret);
    expect((await session(minted)).statusCode).toBe(401);
  });

  it("the organization's deactivation ends its members' sessions, still after activating it again", async () => {
    const me = await person(Role.Instructor);
    expect(
      (await call('PUT', `/api/organizations/${organizationId}/deactivate`, adminToken)).statusCode,
    ).toBe(200);
    try {
      expect((await session(me.token)).statusCode).toBe(401);
      expect((await session(managerToken)).statusCode).toBe(401);
    } finally {
      expect(
        (await call('PUT', `/api/organizations/${organizationId}/activate`, adminToken)).statusCode,
      ).toBe(200);
    }
    expect((await session(me.token)).statusCode).toBe(401);
    managerToken = await signIn(
      (
        await db().select({ email: users.email }).from(users).where(eq(users.roleId, Role.Manager))
      )[0]!.email,
    );
  });
});

describe('emailed tokens', () => {
  /** Every text of the token tables, to prove a raw token is not among them. */
  async function tokenTablesText(): Promise<string> {
    const rows = [
      ...(await db().select().from(userTokens)),
      ...(await db().select().from(inviteLinks)),
    ];
    return JSON.stringify(rows);
  }

  function expectWellMade(token: string) {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
  }

  it('password reset: 256-bit, stored as its SHA-256 only, one hour, single use', async () => {
    const me = await person();
    const askedAt = Date.now();
    await call('PUT', `/api/auth/reset-password?email=${me.email}`);
    const token = tokenFromMail((await mailsTo(db(), me.email))[0]!.textBody, '/password-reset');
    expectWellMade(token);
    const [row] = await db()
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(token)));
    expect(row).toBeDefined();
    expect(row!.userId).toBe(me.id);
    expect(Math.abs(row!.expiresAt.getTime() - askedAt - resetTokenLifetimeMs)).toBeLessThan(
      60_000,
    );
    expect(await tokenTablesText()).not.toContain(token);

    const first = await call('PUT', `/api/users/reset-password/${token}`, undefined, {
      newPassword: 'once1234',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('PUT', `/api/users/reset-password/${token}`, undefined, {
      newPassword: 'twice123',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(messages.tokenInvalidOrExpired);
    await signIn(me.email, 'once1234');
  });

  it('password reset: an expired link answers 400 and changes nothing', async () => {
    const me = await person();
    await call('PUT', `/api/auth/reset-password?email=${me.email}`);
    const token = tokenFromMail((await mailsTo(db(), me.email))[0]!.textBody, '/password-reset');
    await db()
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, sha256(token)));
    const before = (await db().select().from(users).where(eq(users.id, me.id)))[0]!;
    const res = await call('PUT', `/api/users/reset-password/${token}`, undefined, {
      newPassword: 'late1234',
    });
    expect(res.statusCode).toBe(400);
    expect((await db().select().from(users).where(eq(users.id, me.id)))[0]).toEqual(before);
    expect((await session(me.token)).statusCode).toBe(200);
  });

  it('email change: hashed, 24 hours, single use, expired refused', async () => {
    const me = await person();
    const newEmail = `changed${++seq}@tokens.test`;
    const askedAt = Date.now();
    expect(
      (await call('PUT', `/api/users/${me.id}/update-email`, me.token, { email: newEmail }))
        .statusCode,
    ).toBe(200);
    const token = tokenFromMail((await mailsTo(db(), newEmail))[0]!.textBody, '/email-update');
    expectWellMade(token);
    const [row] = await db()
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(token)));
    expect(Math.abs(row!.expiresAt.getTime() - askedAt - emailChangeTokenLifetimeMs)).toBeLessThan(
      60_000,
    );
    expect(await tokenTablesText()).not.toContain(token);
    expect((await call('PUT', `/api/users/validate-email/${token}`)).statusCode).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, me.id)))[0]!.email).toBe(newEmail);
    expect((await call('PUT', `/api/users/validate-email/${token}`)).statusCode).toBe(400);

    const other = `changed${++seq}@tokens.test`;
    await call('PUT', `/api/users/${me.id}/update-email`, me.token, { email: other });
    const late = tokenFromMail((await mailsTo(db(), other))[0]!.textBody, '/email-update');
    await db()
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, sha256(late)));
    expect((await call('PUT', `/api/users/validate-email/${late}`)).statusCode).toBe(400);
    expect((await db().select().from(users).where(eq(users.id, me.id)))[0]!.email).toBe(newEmail);
  });

  it('invites: hashed links, 7 days, accepted once, expired refused', async () => {
    const email = `invitee${++seq}@tokens.test`;
    const sentAt = Date.now();
    const res = await call('POST', '/api/invites', managerToken, {
      organizationId,
      roleId: Role.Trainee,
      firstName: 'In',
      lastName: 'Vitee',
      email,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = (res.json() as { data: { id: number } }).data;
    const mailText = (await mailsTo(db(), email))[0]!.textBody;
    const mailed = /\/invite-registration\/([\w-]+)/.exec(mailText)?.[1] ?? '';
    expectWellMade(mailed);
    const [invite] = await db().select().from(invites).where(eq(invites.id, id));
    expect(
      Math.abs(invite!.expirationDate.getTime() - sentAt - inviteTokenLifetimeMs),
    ).toBeLessThan(60_000);
    const links = await db().select().from(inviteLinks).where(eq(inviteLinks.inviteId, id));
    expect(links.map((l) => l.tokenHash)).toContain(sha256(mailed));
    expect(await tokenTablesText()).not.toContain(mailed);

    const accept = (token: string) =>
      call('POST', '/api/invites/accept', undefined, {
        firstName: 'In',
        lastName: 'Vitee',
        email,
        token,
        password,
      });
    expect((await accept(mailed)).statusCode).toBe(200);
    const again = await accept(mailed);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(messages.inviteInvalid);
    expect((await call('GET', `/api/invites/${mailed}`)).statusCode).toBe(404);

    const lateEmail = `late${++seq}@tokens.test`;
    const late = await call('POST', '/api/invites', managerToken, {
      organizationId,
      roleId: Role.Trainee,
      firstName: 'La',
      lastName: 'Te',
      email: lateEmail,
    });
    const lateToken = (late.json() as { data: { token: string; id: number } }).data;
    await db()
      .update(invites)
      .set({ expirationDate: new Date(Date.now() - 1000) })
      .where(eq(invites.id, lateToken.id));
    expect((await call('GET', `/api/invites/${lateToken.token}`)).statusCode).toBe(404);
    const refused = await call('POST', '/api/invites/accept', undefined, {
      firstName: 'La',
      lastName: 'Te',
      email: lateEmail,
      token: lateToken.token,
      password,
    });
    expect(refused.statusCode).toBe(404);
    expect((await db().select().from(users).where(eq(users.email, lateEmail))).length).toBe(0);
  });

  it("the admin welcome link is a reset token, hashed, for the invite's 7 days", async () => {
    const email = `newadmin${++seq}@tokens.test`;
    const res = await call('POST', `/api/users?roleId=${Role.Admin}`, adminToken, {
      firstName: 'New',
      lastName: 'Admin',
      email,
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = tokenFromMail((await mailsTo(db(), email))[0]!.textBody, '/password-reset');
    expectWellMade(token);
    const [row] = await db()
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(token)));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(inviteTokenLifetimeMs - 60_000);
    // No password works before the link is followed.
    const before = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password: '' },
    });
    expect(before.statusCode).toBe(400);
    expect(
      (
        await call('PUT', `/api/users/reset-password/${token}`, undefined, {
          newPassword: 'admin123',
        })
      ).statusCode,
    ).toBe(200);
    await signIn(email, 'admin123');
  });

  it('a delivered mail keeps no usable token in the outbox (pending ones keep it for delivery)', async () => {
    const me = await person();
    await call('PUT', `/api/auth/reset-password?email=${me.email}`);
    const [pending] = await mailsTo(db(), me.email);
    const token = tokenFromMail(pending!.textBody, '/password-reset');
    expect(pending!.status).toBe(MailStatus.Pending);
    await ctx.app.mail.drain();
    expect(smtp.received.some((m) => m.source.includes(token))).toBe(true);
    const [sent] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, pending!.id));
    expect(sent!.status).toBe(MailStatus.Sent);
    expect(`${sent!.textBody}${sent!.htmlBody ?? ''}`).not.toContain(token);
    // Every delivered mail of the run: no token of any link left.
    const delivered = await db()
      .select({ text: mailOutbox.textBody, html: mailOutbox.htmlBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, MailStatus.Sent));
    for (const mail of delivered)
      expect(`${mail.text}${mail.html ?? ''}`).not.toMatch(
        /(token=|invite-registration\/)[A-Za-z0-9_-]{43}/,
      );
    // The link still works: only the copy in the outbox is gone.
    expect(
      (
        await call('PUT', `/api/users/reset-password/${token}`, undefined, {
          newPassword: 'after123',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('pending emailed tokens end with the changes that end sessions (decisions.md#hardening)', () => {
  interface Links {
    emailChange: string;
    newEmail: string;
    reset: string;
  }

  /** The newest mail of `kind` to `to`. */
  async function newestMail(to: string, kind: string) {
    const mail = (await mailsTo(db(), to)).find((m) => m.kind === kind);
    if (!mail) throw new Error(`no ${kind} mail to ${to}`);
    return mail.textBody;
  }

  /** Asks for an email change (with `token`, a session of the user or of its manager) and a reset. */
  async function pendingLinks(me: { id: number; email: string }, token: string): Promise<Links> {
    const newEmail = `moved${++seq}@tokens.test`;
    const change = await call('PUT', `/api/users/${me.id}/update-email`, token, {
      email: newEmail,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await call('PUT', `/api/auth/reset-password?email=${me.email}`)).statusCode).toBe(200);
    return {
      newEmail,
      emailChange: tokenFromMail(await newestMail(newEmail, 'email-change'), '/email-update'),
      reset: tokenFromMail(await newestMail(me.email, 'password-reset'), '/password-reset'),
    };
  }

  /** Neither link works any more, and following them changes nothing. */
  async function expectDead(me: { id: number; email: string }, links: Links) {
    const before = (await db().select().from(users).where(eq(users.id, me.id)))[0]!;
    const confirm = await call('PUT', `/api/users/validate-email/${links.emailChange}`);
    expect(confirm.statusCode, confirm.body).toBe(400);
    expect(confirm.json().message).toBe(messages.tokenInvalidOrExpired);
    const reset = await call('PUT', `/api/users/reset-password/${links.reset}`, undefined, {
      newPassword: 'stolen12',
    });
    expect(reset.statusCode, reset.body).toBe(400);
    expect(reset.json().message).toBe(messages.tokenInvalidOrExpired);
    const after = (await db().select().from(users).where(eq(users.id, me.id)))[0]!;
    expect(after.email).toBe(me.email);
    expect(after.passwordHash).toBe(before.passwordHash);
  }

  it('a profile edit without a password leaves them working', async () => {
    const me = await person();
    const links = await pendingLinks(me, me.token);
    const edit = await call('PUT', `/api/users/${me.id}`, me.token, {
      firstName: 'Still',
      lastName: 'Pending',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('PUT', `/api/users/validate-email/${links.emailChange}`)).statusCode).toBe(
      200,
    );
  });

  it('a password change by oneself (update-password) cancels the email change and the reset link', async () => {
    const me = await person(Role.Instructor);
    const links = await pendingLinks(me, me.token);
    const res = await call('PUT', `/api/users/${me.id}/update-password`, me.token, {
      password: 'mine1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectDead(me, links);
  });

  it("a new password through PUT /users/{id} by the user's manager cancels them", async () => {
    const me = await person();
    const links = await pendingLinks(me, managerToken);
    const res = await call('PUT', `/api/users/${me.id}`, managerToken, {
      firstName: 'Per',
      lastName: 'Son',
      password: 'mgr12345',
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectDead(me, links);
  });

  it('a reset by link cancels the pending email change', async () => {
    const me = await person();
    const links = await pendingLinks(me, me.token);
    const res = await call('PUT', `/api/users/reset-password/${links.reset}`, undefined, {
      newPassword: 'reset123',
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectDead(me, links);
    await signIn(me.email, 'reset123');
  });

  it('a deactivation cancels them, and activating again does not revive them', async () => {
    const me = await person();
    const links = await pendingLinks(me, me.token);
    expect((await call('PUT', `/api/users/${me.id}/deactivate`, managerToken)).statusCode).toBe(
      200,
    );
    expect((await call('PUT', `/api/users/${me.id}/activate`, managerToken)).statusCode).toBe(200);
    await expectDead(me, links);
  });

  it('a soft delete cancels them, and the restore does not revive them', async () => {
    const me = await person();
    const links = await pendingLinks(me, me.token);
    expect((await call('PUT', `/api/users/${me.id}/delete`, adminToken)).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${me.id}/restore`, adminToken)).statusCode).toBe(200);
    await expectDead(me, links);
  });

  it("the organization's deactivation cancels its members' links, and activating it again does not revive them", async () => {
    const me = await person();
    const links = await pendingLinks(me, me.token);
    expect(
      (await call('PUT', `/api/organizations/${organizationId}/deactivate`, adminToken)).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/organizations/${organizationId}/activate`, adminToken)).statusCode,
    ).toBe(200);
    managerToken = await signIn(
      (
        await db().select({ email: users.email }).from(users).where(eq(users.roleId, Role.Manager))
      )[0]!.email,
    );
    await expectDead(me, links);
  });

  it('a newer reset request cancels the older link; using a reset link cancels the others', async () => {
    const me = await person();
    const ask = async () => {
      expect((await call('PUT', `/api/auth/reset-password?email=${me.email}`)).statusCode).toBe(
        200,
      );
      return tokenFromMail(await newestMail(me.email, 'password-reset'), '/password-reset');
    };
    const first = await ask();
    const second = await ask();
    expect(second).not.toBe(first);
    const old = await call('PUT', `/api/users/reset-password/${first}`, undefined, {
      newPassword: 'first123',
    });
    expect(old.statusCode, old.body).toBe(400);
    expect(old.json().message).toBe(messages.tokenInvalidOrExpired);

    // Two more live links, as a server before this rule could leave: using one ends the others.
    const extra = [newEmailToken(), newEmailToken()];
    await db()
      .insert(userTokens)
      .values(
        extra.map(({ hash }) => ({
          userId: me.id,
          purpose: TokenPurpose.PasswordReset,
          tokenHash: hash,
          expiresAt: new Date(Date.now() + resetTokenLifetimeMs),
        })),
      );
    const used = await call('PUT', `/api/users/reset-password/${extra[0]!.token}`, undefined, {
      newPassword: 'used1234',
    });
    expect(used.statusCode, used.body).toBe(200);
    for (const token of [second, extra[1]!.token]) {
      const res = await call('PUT', `/api/users/reset-password/${token}`, undefined, {
        newPassword: 'other123',
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    await signIn(me.email, 'used1234');
  });

  it('re-sending an invite or making a copy link leaves one live link, the newest', async () => {
    const email = `relink${++seq}@tokens.test`;
    const created = await call('POST', '/api/invites', managerToken, {
      organizationId,
      roleId: Role.Trainee,
      firstName: 'Re',
      lastName: 'Link',
      email,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, token: first } = (created.json() as { data: { id: number; token: string } }).data;
    const live = async (token: string) => (await call('GET', `/api/invites/${token}`)).statusCode;
    const copy = async () => {
      const res = await call('POST', `/api/invites/${id}/link`, managerToken);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { token: string } }).data.token;
    };

    const copied = await copy();
    expect(await live(first)).toBe(404);
    expect(await live(copied)).toBe(200);

    expect((await call('GET', `/api/invites/${id}/resend`, managerToken)).statusCode).toBe(200);
    const resent = /\/invite-registration\/([\w-]+)/.exec(await newestMail(email, 'invite'))?.[1];
    expect(resent).toBeDefined();
    expect(resent).not.toBe(first);
    expect(await live(copied)).toBe(404);
    expect(await live(resent!)).toBe(200);

    const newest = await copy();
    expect(await live(resent!)).toBe(404);
    expect(await db().select().from(inviteLinks).where(eq(inviteLinks.inviteId, id))).toHaveLength(
      1,
    );
    const accept = (token: string) =>
      call('POST', '/api/invites/accept', undefined, {
        firstName: 'Re',
        lastName: 'Link',
        email,
        token,
        password,
      });
    expect((await accept(first)).statusCode).toBe(404);
    expect((await accept(resent!)).statusCode).toBe(404);
    const ok = await accept(newest);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('passwords are stored as argon2id', () => {
  it('for every password the API sets: sign-up from an invite, reset, change, profile edit', async () => {
    const rows = await db()
      .select({ email: users.email, hash: users.passwordHash })
      .from(users)
      .where(sql`${users.passwordHash} not like '!%'`);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows)
      expect(row.hash, row.email).toMatch(
        /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/,
      );
    // Accounts without a password yet (a new admin before its link) hold no hash any password matches.
    const unusable = await db()
      .select({ hash: users.passwordHash })
      .from(users)
      .where(sql`${users.passwordHash} like '!%'`);
    for (const row of unusable) expect(row.hash).not.toMatch(/^\$argon2/);
    expect((await db().select().from(organizations)).length).toBeGreaterThan(0);
  });
});
