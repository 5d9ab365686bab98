/**
 * API tokens of an organization's systems (decisions.md#api-tokens): GET, POST and DELETE
 * /api/organizations/{id}/api-tokens climb the ladder (401, 403 instructor/trainee, 404 another
 * organization, 400 bad body, 200), the secret is answered once and stored only as its SHA-256,
 * and a request with `Bearer pra_…` acts as a Manager of the token's organization limited to its
 * scopes: 200 within them, 403 outside, another organization's rows 404; revoked, expired, or
 * with a creator deactivated or demoted → 401; each use is audited and stamps the last use at most
 * once a minute. Each test builds its own organization (factories.ts).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { integrationMessages, Role, type ApiToken, type CreatedApiToken } from '@practica/contract';
import { apiTokens, auditEvents, users } from '../../src/db/schema/index.js';
import { buildOrganization, buildUser, factoryOf, type Factory } from '../factories.js';
import { buildAnswersWorld } from '../helpers/answers.js';
import { buildTestApp, injectWithToken, type TestContext } from '../helpers/build.js';

let ctx: TestContext;
let f: Factory;
/** Every route the app registered (method and pattern), HEAD aside. */
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  ctx = await buildTestApp(
    { LOGIN_RATE_PER_MINUTE: '5' },
    {
      seed: false,
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD') routes.push({ method, url: route.url });
      },
    },
  );
  f = factoryOf(ctx);
});
afterAll(() => ctx.close());

const tokensUrl = (organizationId: number) => `/api/organizations/${organizationId}/api-tokens`;

/** An organization with its manager, an instructor and a trainee, and a second organization. */
async function world() {
  const org = await buildOrganization(f);
  const other = await buildOrganization(f);
  const manager = await buildUser(f, { role: Role.Manager, organizationId: org.id });
  const instructor = await buildUser(f, { role: Role.Instructor, organizationId: org.id });
  const trainee = await buildUser(f, { role: Role.Trainee, organizationId: org.id });
  const manager2 = await buildUser(f, { role: Role.Manager, organizationId: other.id });
  return { org: org.id, other: other.id, manager, instructor, trainee, manager2 };
}

/** Creates a token as `sessionToken` for `organizationId`; answers the create answer's data. */
async function createToken(
  sessionToken: string,
  organizationId: number,
  body: object = { name: 'HR system', scopes: ['users:read'] },
): Promise<CreatedApiToken> {
  const res = await injectWithToken(ctx.app, 'POST', tokensUrl(organizationId), sessionToken, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CreatedApiToken }).data;
}

const call = (
  token: string | undefined,
  url: string,
  method: 'GET' | 'POST' = 'GET',
  body?: object,
) => injectWithToken(ctx.app, method, url, token, body);

describe('managing API tokens', () => {
  it('answers 401, 403 for an instructor and a trainee, 404 another organization, 400 a bad body', async () => {
    const w = await world();
    const body = { name: 'CRM', scopes: ['answers:read'] };
    expect((await call(undefined, tokensUrl(w.org))).statusCode).toBe(401);
    expect((await call(w.instructor.token, tokensUrl(w.org))).statusCode).toBe(403);
    expect((await call(w.trainee.token, tokensUrl(w.org))).statusCode).toBe(403);
    expect((await call(w.manager2.token, tokensUrl(w.org))).statusCode).toBe(404);
    expect((await call(w.manager.token, tokensUrl(999_999))).statusCode).toBe(404);
    // Who may call is decided before the body: a refused caller with a bad body gets 403/404.
    expect((await call(w.instructor.token, tokensUrl(w.org), 'POST', {})).statusCode).toBe(403);
    expect((await call(w.manager2.token, tokensUrl(w.org), 'POST', {})).statusCode).toBe(404);
    expect((await call(w.manager2.token, tokensUrl(w.org), 'POST', body)).statusCode).toBe(404);
    const noScope = await call(w.manager.token, tokensUrl(w.org), 'POST', {
      name: 'X',
      scopes: [],
    });
    expect(noScope.statusCode).toBe(400);
    expect(noScope.json().message).toBe(integrationMessages.apiTokenScopesRequired);
    const badScope = await call(w.manager.token, tokensUrl(w.org), 'POST', {
      name: 'X',
      scopes: ['everything'],
    });
    expect(badScope.statusCode).toBe(400);
    const noName = await call(w.manager.token, tokensUrl(w.org), 'POST', {
      name: ' ',
      scopes: ['users:read'],
    });
    expect(noName.json().message).toBe(integrationMessages.apiTokenNameRequired);
    const badExpiry = await call(w.manager.token, tokensUrl(w.org), 'POST', {
      ...body,
      expiresInDays: 0,
    });
    expect(badExpiry.statusCode).toBe(400);
    const rows = await f.db.select().from(apiTokens).where(eq(apiTokens.organizationId, w.org));
    expect(rows).toEqual([]);
  });

  it('shows the secret once: the create answer has it, the list and the database never', async () => {
    const w = await world();
    const created = await createToken(w.manager.token, w.org, {
      name: 'HR system',
      scopes: ['users:read', 'answers:read', 'users:read'],
      expiresInDays: 30,
    });
    expect(created.token).toMatch(/^pra_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 10));
    expect(created.scopes).toEqual(['answers:read', 'users:read']);
    expect(created.createdBy?.id).toBe(w.manager.id);
    expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBeCloseTo(
      30 * 86_400_000,
      -4,
    );
    const list = await call(w.manager.token, tokensUrl(w.org));
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    const listed = (list.json() as { data: { list: ApiToken[]; count: number } }).data;
    expect(listed.count).toBe(1);
    expect(listed.list[0]).toEqual({ ...created, token: undefined });
    const [row] = await f.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    // Another organization's manager sees none of them; the admin sees them.
    expect((await call(w.manager2.token, tokensUrl(w.org))).statusCode).toBe(404);
    const admin = await buildUser(f, { role: Role.Admin });
    expect((await call(admin.token, tokensUrl(w.org))).json().data.count).toBe(1);
  });

  it('revokes a token: gone from the list, its next request 401; another organization 404', async () => {
    const w = await world();
    const created = await createToken(w.manager.token, w.org);
    expect((await call(created.token, `/api/organizations/${w.org}/users`)).statusCode).toBe(200);
    const url = `${tokensUrl(w.org)}/${created.id}`;
    expect((await injectWithToken(ctx.app, 'DELETE', url, w.instructor.token)).statusCode).toBe(
      403,
    );
    expect((await injectWithToken(ctx.app, 'DELETE', url, w.manager2.token)).statusCode).toBe(404);
    expect(
      (
        await injectWithToken(
          ctx.app,
          'DELETE',
          `${tokensUrl(w.other)}/${created.id}`,
          w.manager2.token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await injectWithToken(ctx.app, 'DELETE', url, w.manager.token)).statusCode).toBe(200);
    expect((await injectWithToken(ctx.app, 'DELETE', url, w.manager.token)).statusCode).toBe(404);
    expect((await call(w.manager.token, tokensUrl(w.org))).json().data.count).toBe(0);
    const refused = await call(created.token, `/api/organizations/${w.org}/users`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      success: false,
      message: integrationMessages.apiTokenInvalid,
    });
  });
});

describe('calling the API with a token', () => {
  it('reads the organization’s answers with answers:read, 404 for another organization’s, 403 outside its scopes', async () => {
    const w = await buildAnswersWorld(f);
    const tom = await w.answer('trainee');
    const created = await createToken(w.token('manager'), w.org, {
      name: 'CRM',
      scopes: ['answers:read'],
    });
    const answers = await call(created.token, '/api/assignments/answers');
    expect(answers.statusCode, answers.body).toBe(200);
    const ids = (answers.json() as { data: { list: { id: number }[] } }).data.list.map((a) => a.id);
    expect(ids).toContain(tom);
    expect((await call(created.token, `/api/assignments/answers/${tom}`)).statusCode).toBe(200);
    expect(
      (await call(created.token, `/api/assignments/answers?organizationId=${w.other}`)).statusCode,
    ).toBe(404);
    // Outside the scope: users, reviews, invites, the tokens themselves, the session re-read.
    expect((await call(created.token, `/api/organizations/${w.org}/users`)).statusCode).toBe(403);
    expect((await call(created.token, `/api/organizations/${w.org}/invites`)).statusCode).toBe(403);
    expect((await call(created.token, tokensUrl(w.org))).statusCode).toBe(403);
    expect((await call(created.token, '/api/auth/session')).statusCode).toBe(403);
    const review = await call(
      created.token,
      `/api/assignments/interviews/answers/review/${tom}`,
      'POST',
      {},
    );
    expect(review.statusCode).toBe(403);
  });

  it('refuses an expired token, and one whose creator was deactivated or demoted (401)', async () => {
    const w = await world();
    const usersUrl = `/api/organizations/${w.org}/users`;
    const expiring = await createToken(w.manager.token, w.org, {
      name: 'Nightly',
      scopes: ['users:read'],
      expiresInDays: 1,
    });
    expect((await call(expiring.token, usersUrl)).statusCode).toBe(200);
    await f.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.id));
    expect((await call(expiring.token, usersUrl)).statusCode).toBe(401);

    const admin = await buildUser(f, { role: Role.Admin });
    const deactivated = await buildUser(f, { role: Role.Manager, organizationId: w.org });
    const ofDeactivated = await createToken(deactivated.token, w.org);
    expect((await call(ofDeactivated.token, usersUrl)).statusCode).toBe(200);
    await injectWithToken(ctx.app, 'PUT', `/api/users/${deactivated.id}/deactivate`, admin.token);
    expect((await call(ofDeactivated.token, usersUrl)).statusCode).toBe(401);

    const demoted = await buildUser(f, { role: Role.Manager, organizationId: w.org });
    const ofDemoted = await createToken(demoted.token, w.org);
    expect((await call(ofDemoted.token, usersUrl)).statusCode).toBe(200);
    await f.db.update(users).set({ roleId: Role.Instructor }).where(eq(users.id, demoted.id));
    expect((await call(ofDemoted.token, usersUrl)).statusCode).toBe(401);

    // An admin's token for the organization acts as its manager: the organization's users, not another's.
    const ofAdmin = await createToken(admin.token, w.org);
    expect((await call(ofAdmin.token, usersUrl)).statusCode).toBe(200);
    expect((await call(ofAdmin.token, `/api/organizations/${w.other}/users`)).statusCode).toBe(404);
    expect((await call(`${ofAdmin.token.slice(0, -1)}x`, usersUrl)).statusCode).toBe(401);
  });

  it('audits every use with the token and the route, and stamps the last use at most once a minute', async () => {
    const w = await world();
    const created = await createToken(w.manager.token, w.org);
    const usersUrl = `/api/organizations/${w.org}/users`;
    expect((await call(created.token, usersUrl)).statusCode).toBe(200);
    const [first] = await f.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(first!.lastUsedAt).not.toBeNull();
    expect((await call(created.token, `/api/organizations/${w.org}/invites`)).statusCode).toBe(403);
    const [second] = await f.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(second!.lastUsedAt).toEqual(first!.lastUsedAt);
    const events = await f.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, w.org), eq(auditEvents.action, 'apiToken.used')))
      .orderBy(auditEvents.id);
    expect(events.map((e) => [e.actorId, e.assignmentId, e.after])).toEqual([
      [
        w.manager.id,
        null,
        {
          tokenId: created.id,
          tokenName: 'HR system',
          tokenPrefix: created.prefix,
          method: 'GET',
          route: '/api/organizations/:id/users',
          status: 200,
        },
      ],
      [
        w.manager.id,
        null,
        {
          tokenId: created.id,
          tokenName: 'HR system',
          tokenPrefix: created.prefix,
          method: 'GET',
          route: '/api/organizations/:id/invites',
          status: 403,
        },
      ],
    ]);
    // A stamp older than a minute is renewed.
    const old = new Date(Date.now() - 120_000);
    await f.db.update(apiTokens).set({ lastUsedAt: old }).where(eq(apiTokens.id, created.id));
    await call(created.token, usersUrl);
    const [third] = await f.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(third!.lastUsedAt!.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('limits failed token attempts per address (429 after LOGIN_RATE_PER_MINUTE a minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/assignments/answers',
        headers: { authorization: `Bearer pra_guess${i}` },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('reaches, of every route of the API, only the calls its scopes allow and the public ones', async () => {
    const w = await world();
    const every = await createToken(w.manager.token, w.org, {
      name: 'Every scope',
      scopes: ['answers:read', 'reviews:read', 'invites:write', 'users:read', 'reports:read'],
    });
    // What a token with every scope may reach (lists and reads of its scopes), and the public calls.
    const allowed = new Set([
      'GET /api/assignments',
      'GET /api/assignments/answers',
      'GET /api/assignments/dashboard',
      'GET /api/invites/:id',
      'GET /api/organizations/:id/invites',
      'GET /api/organizations/:id/reviewer-consistency',
      'GET /api/organizations/:id/users',
      'GET /api/users',
      'GET /api/info',
      'GET /api/auth/sso/saml/:id/metadata', // public: our SAML entity's own URLs, for the IdP
      'OPTIONS /api/me/uploads',
      'OPTIONS /api/me/uploads/*',
    ]);
    const reached: string[] = [];
    const failed: string[] = [];
    for (const route of routes) {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[A-Za-z]+/g, String(w.org)).replace('*', 'x'),
        headers: { authorization: `Bearer ${every.token}` },
        ...(route.method === 'GET' || route.method === 'DELETE' || route.method === 'OPTIONS'
          ? {}
          : { payload: {} }),
      });
      const key = `${route.method} ${route.url}`;
      if (res.statusCode < 300 && !allowed.has(key)) reached.push(key);
      if (res.statusCode >= 500) failed.push(`${key}: ${res.statusCode}`);
    }
    expect(reached, 'calls outside the scopes a token reached').toEqual([]);
    expect(failed).toEqual([]);
  });
});
