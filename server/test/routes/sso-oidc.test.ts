/**
 * Single sign-on with OpenID Connect (decisions.md#single-sign-on), end to end against a real
 * OpenID provider: panva's `oidc-provider` runs in this process on 127.0.0.1 with a client for the
 * app, and each sign-in drives the real authorization code flow — GET /api/auth/sso/start, the
 * provider's redirects and its login and consent forms (devInteractions: any login is accepted and
 * becomes the subject, whose email claim is the login), the provider's redirect back to
 * GET /api/auth/sso/callback, and POST /api/auth/sso/session, whose token reads
 * /api/auth/session. Refusals (tampered state or flow cookie, a replayed code, a foreign issuer, a
 * user of another organization, an unknown email without invite or JIT, full seats, an unverified
 * email, a deactivated user) land on /login?sso_error=<code> and write nothing. The client secret
 * is in no API answer and no line of the server's log.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type SsoSettingsAnswer } from '@practica/contract';
import { invites, organizationSso, users } from '../../src/db/schema/index.js';
import {
  apiData,
  adminToken,
  buildOrganization,
  buildUser,
  factoryOf,
  type Factory,
} from '../factories.js';
import { bearer, type TestContext } from '../helpers/build.js';
import { buildSsoApp, inviteTrainee, takeSession, userCount } from '../helpers/sso.js';

const publicUrl = 'http://practica.test';
const redirectUri = `${publicUrl}/api/auth/sso/callback`;
const clientId = 'practica-console';
const clientSecret = 'oidc-client-secret-never-shown-7f3a9c1e5b';
const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'practica-sso-')), 'server.log');

let ctx: TestContext;
let f: Factory;
let idp: Server;
let issuer: string;
/** The claims the provider answers for a login (the login is the email), per login. */
const extraClaims = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  // The provider needs its issuer (with the port) before it is made: listen first, then handle.
  idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'roles', 'xms_edov'],
    },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: true,
        given_name: 'Sam',
        family_name: 'Signon',
        ...extraClaims.get(id),
      }),
    }),
    cookies: { keys: ['sso-test-cookie-key-0123456789abcdef'] },
  });
  idp.on('request', provider.callback());

  ctx = await buildSsoApp(publicUrl, logFile);
  f = factoryOf(ctx);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => idp?.close(resolve));
});

const ssoUrl = (organizationId: number) => `/api/organizations/${organizationId}/sso`;

/** Saves the organization's settings as an admin; answers the settings answer. */
async function configure(organizationId: number, over: Record<string, unknown> = {}) {
  return apiData<SsoSettingsAnswer>(f, 'PUT', ssoUrl(organizationId), await adminToken(f), {
    issuer,
    clientId,
    clientSecret,
    emailDomains: [],
    jitEnabled: false,
    ...over,
  });
}

/** An organization with single sign-on set up, and its manager. */
async function ssoOrganization(over: Record<string, unknown> = {}, userSeats = 50) {
  const org = await buildOrganization(f, { userSeats });
  const manager = await buildUser(f, { role: Role.Manager, organizationId: org.id });
  await configure(org.id, over);
  return { org: org.id, manager };
}

/** A tiny cookie jar for the provider's own cookies (its interaction and session). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The form of a provider page: its action and hidden fields. */
function formOf(html: string, base: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in the provider's page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[m[1]!] = m[2]!;
  return { url: new URL(action.replaceAll('&amp;', '&'), base).href, fields };
}

/**
 * Follows the provider from `url` as a browser would — redirects, the login form (`login`), the
 * consent form — until it redirects back to the app; answers that callback URL.
 */
async function throughProvider(url: string, login: string): Promise<URL> {
  const jar = new Jar();
  let next: { url: string; body?: URLSearchParams } = { url };
  for (let step = 0; step < 20; step++) {
    const res = await fetch(next.url, {
      method: next.body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(next.body ? { body: next.body } : {}),
    });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      const location = new URL(res.headers.get('location')!, next.url);
      if (location.href.startsWith(publicUrl)) return location;
      next = { url: location.href };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200)
      throw new Error(`provider answered ${res.status}: ${html.slice(0, 400)}`);
    const form = formOf(html, next.url);
    const body = new URLSearchParams(form.fields);
    if (form.fields.prompt === 'login') {
      body.set('login', login);
      body.set('password', 'any-password');
    }
    next = { url: form.url, body };
  }
  throw new Error('the provider never redirected back');
}

/** GET /api/auth/sso/start?…: answers the redirect and the flow cookie (name=value). */
async function start(query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/start?${query}` });
  expect(res.statusCode, res.body).toBe(302);
  const flow = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('practica_sso_flow='));
  return { location: res.headers.location as string, cookie: flow?.split(';')[0] ?? '' };
}

/** GET the callback `url` with `cookie`; answers where it redirects and its cookies. */
async function callback(url: URL, cookie: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(302);
  return {
    location: res.headers.location as string,
    cookies: [res.headers['set-cookie']].flat().filter(Boolean) as string[],
  };
}

/** The whole flow for `login` at the organization: answers the callback's redirect and cookies. */
async function signIn(organizationId: number, login: string) {
  const started = await start(`organization=${organizationId}`);
  expect(started.location.startsWith(`${issuer}/`), started.location).toBe(true);
  const back = await throughProvider(started.location, login);
  return callback(back, started.cookie);
}

let serial = 0;
const freshEmail = (name: string) => `${name}.${++serial}.${Date.now()}@factory.test`;

describe('signing in with the organization’s provider', () => {
  it('an invited email signs in: the invite is accepted with its role, and the session reads /api/auth/session', async () => {
    const { org, manager } = await ssoOrganization();
    const email = freshEmail('invitee');
    await inviteTrainee(f, org, manager.token, email);

    const done = await signIn(org, email);
    expect(done.location).toBe(`${publicUrl}/login?sso=done`);
    const session = await takeSession(ctx, done.cookies);
    expect(session.statusCode, session.body).toBe(200);
    const answer = session.json() as { data: { token: string; roleId: number; email: string } };
    expect(answer.data).toMatchObject({ roleId: Role.Trainee, email });

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: bearer(answer.data.token),
    });
    expect(me.statusCode, me.body).toBe(200);
    const [row] = await f.db.select().from(invites).where(eq(invites.email, email));
    expect(row!.acceptedAt).not.toBeNull();

    // The finished sign-in is taken once.
    const again = await takeSession(ctx, done.cookies);
    expect(again.statusCode).toBe(200); // the cookie value is the session itself …
    const cleared = await ctx.app.inject({ method: 'POST', url: '/api/auth/sso/session' });
    expect(cleared.statusCode).toBe(401); // … and without it there is none
  });

  it('an existing user of the organization signs in, found by the verified email; the start may name the email', async () => {
    const org = await buildOrganization(f);
    const instructor = await buildUser(f, { role: Role.Instructor, organizationId: org.id });
    const domain = `sso${++serial}.test`;
    await configure(org.id, { emailDomains: [domain] });
    // The domain routes the start; the account is found by the ID token's email.
    const started = await start(`email=${encodeURIComponent(`someone@${domain}`)}`);
    expect(started.location.startsWith(`${issuer}/auth?`)).toBe(true);
    const back = await throughProvider(started.location, instructor.email);
    const done = await callback(back, started.cookie);
    expect(done.location).toBe(`${publicUrl}/login?sso=done`);
    const session = await takeSession(ctx, done.cookies);
    expect((session.json() as { data: { id: number } }).data.id).toBe(instructor.id);
  });

  it('the request carries PKCE S256, state and nonce; a tampered state or flow cookie is refused and writes nothing', async () => {
    const { org, manager } = await ssoOrganization();
    const email = freshEmail('tamper');
    await inviteTrainee(f, org, manager.token, email);

    const started = await start(`organization=${org}`);
    const asked = new URL(started.location).searchParams;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(asked.get('state')).toBeTruthy();
    expect(asked.get('nonce')).toBeTruthy();
    expect(started.location).not.toContain('code_verifier');

    const back = await throughProvider(started.location, email);
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${asked.get('state')}x`);
    const refused = await callback(tampered, started.cookie);
    expect(refused.location).toBe(`${publicUrl}/login?sso_error=flow_invalid`);

    // Another start's cookie (its own state, nonce and verifier) does not fit this code either.
    const other = await start(`organization=${org}`);
    expect((await callback(back, other.cookie)).location).toBe(
      `${publicUrl}/login?sso_error=flow_invalid`,
    );
    // An edited flow cookie fails its signature.
    const edited = `${started.cookie.slice(0, -3)}abc`;
    expect((await callback(back, edited)).location).toBe(
      `${publicUrl}/login?sso_error=flow_invalid`,
    );
    expect((await callback(back, '')).location).toBe(`${publicUrl}/login?sso_error=flow_invalid`);
    expect(await userCount(f, email)).toBe(0);
  });

  it('a replayed code is refused', async () => {
    const { org } = await ssoOrganization({ jitEnabled: true });
    const email = freshEmail('replay');
    const started = await start(`organization=${org}`);
    const back = await throughProvider(started.location, email);
    expect((await callback(back, started.cookie)).location).toBe(`${publicUrl}/login?sso=done`);
    expect((await callback(back, started.cookie)).location).toBe(
      `${publicUrl}/login?sso_error=flow_invalid`,
    );
  });

  it('a provider that answers for another issuer than the one configured is refused', async () => {
    const org = await buildOrganization(f);
    // The same provider reached as localhost: its discovery document names 127.0.0.1.
    await configure(org.id, { issuer: issuer.replace('127.0.0.1', 'localhost') });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/sso/start?organization=${org.id}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${publicUrl}/login?sso_error=issuer_mismatch`);
  });

  it('a user of another organization is refused, and so is a deactivated user', async () => {
    const { org } = await ssoOrganization({ jitEnabled: true });
    const elsewhere = await buildOrganization(f);
    const stranger = await buildUser(f, { role: Role.Instructor, organizationId: elsewhere.id });
    expect((await signIn(org, stranger.email)).location).toBe(
      `${publicUrl}/login?sso_error=other_organization`,
    );
    const gone = await buildUser(f, { role: Role.Trainee, organizationId: org, inactive: true });
    expect((await signIn(org, gone.email)).location).toBe(
      `${publicUrl}/login?sso_error=deactivated`,
    );
  });

  it('without an invite and with JIT off an unknown email is refused; an unverified email always', async () => {
    const { org } = await ssoOrganization({ jitEnabled: false });
    const email = freshEmail('unknown');
    expect((await signIn(org, email)).location).toBe(`${publicUrl}/login?sso_error=unknown_user`);
    expect(await userCount(f, email)).toBe(0);

    const { org: jit } = await ssoOrganization({ jitEnabled: true });
    const unverified = freshEmail('unverified');
    extraClaims.set(unverified, { email_verified: false });
    expect((await signIn(jit, unverified)).location).toBe(
      `${publicUrl}/login?sso_error=email_unverified`,
    );
    expect(await userCount(f, unverified)).toBe(0);

    // Entra ID's form: no email_verified, the optional claim xms_edov instead.
    const entra = freshEmail('entra');
    extraClaims.set(entra, { email_verified: undefined, xms_edov: true });
    expect((await signIn(jit, entra)).location).toBe(`${publicUrl}/login?sso=done`);
  });

  it('JIT makes a trainee, or the role the claim maps to; with the seats full it is refused and writes nothing', async () => {
    const { org } = await ssoOrganization({
      jitEnabled: true,
      roleClaim: 'roles',
      roleMap: [{ value: 'practica-instructor', roleId: Role.Instructor }],
    });
    const trainee = freshEmail('jit');
    expect((await signIn(org, trainee)).location).toBe(`${publicUrl}/login?sso=done`);
    const [made] = await f.db.select().from(users).where(eq(users.email, trainee));
    expect(made).toMatchObject({ roleId: Role.Trainee, organizationId: org, firstName: 'Sam' });

    const instructor = freshEmail('jit-instructor');
    extraClaims.set(instructor, { roles: ['staff', 'practica-instructor'] });
    expect((await signIn(org, instructor)).location).toBe(`${publicUrl}/login?sso=done`);
    const [mapped] = await f.db.select().from(users).where(eq(users.email, instructor));
    expect(mapped!.roleId).toBe(Role.Instructor);

    const { org: full } = await ssoOrganization({ jitEnabled: true }, 1);
    await buildUser(f, { role: Role.Trainee, organizationId: full });
    const late = freshEmail('late');
    expect((await signIn(full, late)).location).toBe(`${publicUrl}/login?sso_error=no_seats`);
    expect(await userCount(f, late)).toBe(0);
  });

  it('an email no organization routes is sent back with not_configured', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/sso/start?email=${encodeURIComponent('x@nowhere-routed.test')}`,
    });
    expect(res.headers.location).toBe(`${publicUrl}/login?sso_error=not_configured`);
  });
});

describe('the settings', () => {
  it('never answer the client secret, only whether one is set; an empty secret keeps it; stored sealed', async () => {
    const { org, manager } = await ssoOrganization();
    const read = await ctx.app.inject({
      method: 'GET',
      url: ssoUrl(org),
      headers: bearer(manager.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(clientSecret);
    const settings = (read.json() as { data: SsoSettingsAnswer }).data;
    expect(settings.settings).toMatchObject({ issuer, clientId, clientSecretSet: true });
    expect(settings.redirectUri).toBe(redirectUri);

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: ssoUrl(org),
      headers: bearer(manager.token),
      payload: { issuer, clientId, clientSecret: '', jitEnabled: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(clientSecret);
    expect((saved.json() as { data: SsoSettingsAnswer }).data.settings!.clientSecretSet).toBe(true);
    const [row] = await f.db
      .select()
      .from(organizationSso)
      .where(eq(organizationSso.organizationId, org));
    expect(row!.clientSecretEncrypted).not.toContain(clientSecret);
    expect(Buffer.from(row!.clientSecretEncrypted!, 'base64url').toString()).not.toContain(
      clientSecret,
    );
  });

  it('test connection fetches the discovery document; a domain another organization routes is a 409', async () => {
    const { org, manager } = await ssoOrganization();
    const tested = await ctx.app.inject({
      method: 'POST',
      url: `${ssoUrl(org)}/test`,
      headers: bearer(manager.token),
      payload: { issuer },
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect((tested.json() as { data: { issuer: string } }).data.issuer).toBe(issuer);
    const down = await ctx.app.inject({
      method: 'POST',
      url: `${ssoUrl(org)}/test`,
      headers: bearer(manager.token),
      payload: { issuer: 'http://127.0.0.1:9' },
    });
    expect(down.statusCode).toBe(400);

    const domain = `taken${++serial}.test`;
    await configure(org, { emailDomains: [domain] });
    const other = await buildOrganization(f);
    const clash = await ctx.app.inject({
      method: 'PUT',
      url: ssoUrl(other.id),
      headers: bearer(await adminToken(f)),
      payload: { issuer, clientId, emailDomains: [domain] },
    });
    expect(clash.statusCode).toBe(409);
  });

  it('the server log holds no client secret after saves and sign-ins', () => {
    const log = readFileSync(logFile, 'utf8');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('/api/auth/sso/callback');
    expect(log).not.toContain(clientSecret);
  });
});
