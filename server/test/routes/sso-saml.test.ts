/**
 * Single sign-on with SAML 2.0 (decisions.md#single-sign-on §6), end to end against a real
 * identity provider library: `samlify` runs as the IdP in this process, with a key pair and
 * X.509 certificate made here (`selfsigned`). Its service provider is read from the metadata XML
 * our server publishes. Each sign-in is the service-provider-initiated flow a browser makes:
 * GET /api/auth/sso/start redirects to the IdP with an AuthnRequest, samlify parses it and
 * builds its signed login response (Response and Assertion signed, InResponseTo the request's
 * id), which is posted to POST /api/auth/sso/saml/{id}/acs; the finished sign-in's session reads
 * /api/auth/session. Refusals — unsigned or wrongly signed answers, a foreign audience, issuer,
 * destination or recipient, an expired answer, a replay, an answer to no request of ours, the
 * signature-wrapping attack, a user of another organization, an unknown email without invite or
 * JIT — land on /login?sso_error=<code> and sign nobody in. Nothing of an assertion is logged.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type SsoSettingsAnswer } from '@practica/contract';
import { invites, users } from '../../src/db/schema/index.js';
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
const idpEntityId = 'https://idp.saml.test/metadata';
const idpSsoUrl = 'https://idp.saml.test/sso';
const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'practica-saml-')), 'server.log');
const emailFormat = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const attributeFormat = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';

/** A samlify attribute of the login response: its name, format, type and the tag of its value. */
interface SamlifyAttribute {
  name: string;
  valueTag: string;
  nameFormat: string;
  valueXsiType: string;
}
/** samlify's service provider, as the IdP uses it. */
interface SamlifySp {
  entityMeta: { getEntityID(): string };
}
/**
 * The part of samlify this test drives. samlify is loaded untyped: its type declarations import
 * @xmldom/xmldom's, which pull the DOM library into the server's whole type check.
 */
interface Samlify {
  setSchemaValidator(validator: { validate: (xml: string) => Promise<unknown> }): void;
  IdentityProvider(options: Record<string, unknown>): {
    parseLoginRequest(
      sp: SamlifySp,
      binding: 'redirect',
      request: { query: Record<string, string> },
    ): Promise<{ extract: { request: { id: string } } }>;
    createLoginResponse(
      sp: SamlifySp,
      requestInfo: { extract: { request: { id: string } } },
      binding: 'post',
      user: { email: string },
      customTagReplacement: (template: string) => { id: string; context: string },
    ): Promise<{ context: string }>;
  };
  ServiceProvider(options: Record<string, unknown>): SamlifySp;
  Constants: { namespace: { binding: { redirect: string } }; StatusCode: { Success: string } };
  SamlLib: {
    defaultLoginResponseTemplate: { context: string };
    attributeStatementBuilder(attributes: SamlifyAttribute[]): string;
    replaceTagsByValue(template: string, values: Record<string, string>): string;
  };
}
const samlify = createRequire(import.meta.url)('samlify') as Samlify;

// The IdP checks no XML schema here (samlify asks the caller for a validator); our server's
// checks are the subject of this file.
samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped') });

let ctx: TestContext;
let f: Factory;
/** The IdP's key and certificate, and another pair nobody configured. */
let idpKeys: { private: string; cert: string };
let strangerKeys: { private: string; cert: string };

beforeAll(async () => {
  const days = (n: number) => new Date(Date.now() + n * 86_400_000);
  const keys = (cn: string) =>
    generate([{ name: 'commonName', value: cn }], {
      keySize: 2048,
      algorithm: 'sha256',
      notBeforeDate: days(-1),
      notAfterDate: days(30),
    });
  [idpKeys, strangerKeys] = await Promise.all([keys('idp.saml.test'), keys('stranger.test')]);

  ctx = await buildSsoApp(publicUrl, logFile);
  f = factoryOf(ctx);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const ssoUrl = (organizationId: number) => `/api/organizations/${organizationId}/sso`;
const acsOf = (organizationId: number) => `${publicUrl}/api/auth/sso/saml/${organizationId}/acs`;

/** Saves the organization's SAML settings as an admin; answers the settings answer. */
async function configure(organizationId: number, over: Record<string, unknown> = {}) {
  return apiData<SsoSettingsAnswer>(f, 'PUT', ssoUrl(organizationId), await adminToken(f), {
    protocol: 'saml',
    samlIdpEntityId: idpEntityId,
    samlSsoUrl: idpSsoUrl,
    samlCertificates: [idpKeys.cert],
    samlAttributes: { email: 'email', firstName: 'firstName', lastName: 'lastName' },
    emailDomains: [],
    jitEnabled: false,
    ...over,
  });
}

/** An organization with SAML set up, and its manager. */
async function samlOrganization(over: Record<string, unknown> = {}, userSeats = 50) {
  const org = await buildOrganization(f, { userSeats });
  const manager = await buildUser(f, { role: Role.Manager, organizationId: org.id });
  await configure(org.id, over);
  return { org: org.id, manager };
}

/** The IdP (samlify), signing with `keys`, answering as `entityId`. */
function identityProvider(keys = idpKeys, entityId = idpEntityId) {
  return samlify.IdentityProvider({
    entityID: entityId,
    privateKey: keys.private,
    signingCert: keys.cert,
    nameIDFormat: [emailFormat],
    singleSignOnService: [
      { Binding: samlify.Constants.namespace.binding.redirect, Location: idpSsoUrl },
    ],
    singleLogoutService: [
      { Binding: samlify.Constants.namespace.binding.redirect, Location: `${idpSsoUrl}/logout` },
    ],
    loginResponseTemplate: {
      context: samlify.SamlLib.defaultLoginResponseTemplate.context,
      attributes: ['email', 'firstName', 'lastName', 'role'].map((name) => ({
        name,
        valueTag: name,
        nameFormat: attributeFormat,
        valueXsiType: 'xs:string',
      })),
    },
  });
}

/**
 * Our service provider as samlify sees it: read from the metadata our server publishes for the
 * organization; `sign` says which parts samlify signs (both: what our metadata asks for).
 */
async function serviceProvider(
  organizationId: number,
  sign: { assertion: boolean; message: boolean } = { assertion: true, message: true },
) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/auth/sso/saml/${organizationId}/metadata`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const metadata = sign.assertion
    ? res.body
    : res.body.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"');
  return samlify.ServiceProvider({ metadata, wantMessageSigned: sign.message });
}

/** GET /api/auth/sso/start?…: answers the redirect to the IdP. */
async function start(query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/start?${query}` });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string);
}

/** What the IdP's user asserts, and deviations from a correct answer. */
interface Answer {
  email: string;
  firstName?: string;
  lastName?: string;
  role?: string;
  audience?: string;
  destination?: string;
  recipient?: string;
  inResponseTo?: string;
  assertionId?: string;
  /** Shift of every time in the answer (ms; negative: in the past). */
  shiftMs?: number;
  keys?: { private: string; cert: string };
  issuer?: string;
  sign?: { assertion: boolean; message: boolean };
}

/**
 * The IdP's answer (base64 SAMLResponse) to the AuthnRequest in `redirect` (samlify parses it
 * and builds its login response from its template, signed as the SP's metadata asks).
 */
async function idpAnswer(organizationId: number, redirect: URL, answer: Answer) {
  const sp = await serviceProvider(organizationId, answer.sign);
  const idp = identityProvider(answer.keys, answer.issuer);
  const parsed = await idp.parseLoginRequest(sp, 'redirect', {
    query: Object.fromEntries(redirect.searchParams),
  });
  const requestId = parsed.extract.request.id;
  const acs = acsOf(organizationId);
  const at = new Date(Date.now() + (answer.shiftMs ?? 0));
  const later = new Date(at.getTime() + 5 * 60_000).toISOString();
  const values: Record<string, string> = {
    ID: `_r${Math.random().toString(16).slice(2)}`,
    AssertionID: answer.assertionId ?? `_a${Math.random().toString(16).slice(2)}`,
    Destination: answer.destination ?? acs,
    Audience: answer.audience ?? sp.entityMeta.getEntityID(),
    SubjectRecipient: answer.recipient ?? acs,
    Issuer: answer.issuer ?? idpEntityId,
    IssueInstant: at.toISOString(),
    StatusCode: samlify.Constants.StatusCode.Success,
    ConditionsNotBefore: at.toISOString(),
    ConditionsNotOnOrAfter: later,
    SubjectConfirmationDataNotOnOrAfter: later,
    NameIDFormat: emailFormat,
    NameID: answer.email,
    InResponseTo: answer.inResponseTo ?? requestId,
    AuthnStatement: '',
    AttributeStatement: samlify.SamlLib.attributeStatementBuilder(
      ['email', 'firstName', 'lastName', 'role'].map((name) => ({
        name,
        valueTag: name,
        nameFormat: attributeFormat,
        valueXsiType: 'xs:string',
      })),
    ),
    attrEmail: answer.email,
    attrFirstName: answer.firstName ?? 'Sam',
    attrLastName: answer.lastName ?? 'Saml',
    attrRole: answer.role ?? 'learner',
  };
  const response = await idp.createLoginResponse(
    sp,
    { extract: { request: { id: requestId } } },
    'post',
    { email: answer.email },
    (template: string) => {
      // The attribute statement goes in first; its value tags are then filled with the rest.
      const withAttributes = samlify.SamlLib.replaceTagsByValue(template, {
        AttributeStatement: '{AttributeStatementXml}',
      }).replace('{AttributeStatementXml}', values.AttributeStatement!);
      return {
        id: values.ID!,
        context: samlify.SamlLib.replaceTagsByValue(withAttributes, values),
      };
    },
  );
  return { samlResponse: response.context, requestId };
}

/** POST the ACS with `samlResponse`; answers where it redirects and its cookies. */
async function post(organizationId: number, samlResponse: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/auth/sso/saml/${organizationId}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  expect(res.statusCode, res.body).toBe(302);
  return {
    location: res.headers.location as string,
    cookies: [res.headers['set-cookie']].flat().filter(Boolean) as string[],
  };
}

/** The whole flow for `answer` at the organization. */
async function signIn(organizationId: number, answer: Answer) {
  const redirect = await start(`organization=${organizationId}`);
  const { samlResponse } = await idpAnswer(organizationId, redirect, answer);
  return post(organizationId, samlResponse);
}

const refusedWith = (code: string) => `${publicUrl}/login?sso_error=${code}`;

/** A refusal: the redirect to the sign-in page with `code`, and no finished sign-in. */
function expectRefused(done: { location: string; cookies: string[] }, code: string) {
  expect(done.location).toBe(refusedWith(code));
  expect(
    done.cookies.some((c) => c.startsWith('practica_sso_done=') && !c.includes('Max-Age=0')),
  ).toBe(false);
}

let serial = 0;
const freshEmail = (name: string) => `${name}.${++serial}.${Date.now()}@factory.test`;

describe('signing in with the organization’s SAML identity provider', () => {
  it('an invited email signs in with a signed response: the session reads /api/auth/session', async () => {
    const { org, manager } = await samlOrganization();
    const email = freshEmail('invitee');
    await inviteTrainee(f, org, manager.token, email);

    const redirect = await start(`organization=${org}`);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(idpSsoUrl);
    expect(redirect.searchParams.get('SAMLRequest')).toBeTruthy();

    const { samlResponse } = await idpAnswer(org, redirect, { email: email.toUpperCase() });
    const done = await post(org, samlResponse);
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
  });

  it('the start routes by the email’s domain; JIT makes the account with the mapped role and the attributes’ names', async () => {
    const domain = `saml${++serial}.test`;
    const { org } = await samlOrganization({
      emailDomains: [domain],
      jitEnabled: true,
      roleClaim: 'role',
      roleMap: [{ value: 'coach', roleId: Role.Instructor }],
    });
    const email = `new.coach.${serial}@${domain}`;
    const redirect = await start(`email=${encodeURIComponent(email)}`);
    const { samlResponse } = await idpAnswer(org, redirect, {
      email,
      firstName: 'Cora',
      lastName: 'Coach',
      role: 'coach',
    });
    const done = await post(org, samlResponse);
    expect(done.location).toBe(`${publicUrl}/login?sso=done`);
    const [user] = await f.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      roleId: Role.Instructor,
      organizationId: org,
      firstName: 'Cora',
      lastName: 'Coach',
    });
  });

  it('a certificate rollover: any of the configured certificates signs', async () => {
    const { org, manager } = await samlOrganization({
      samlCertificates: [strangerKeys.cert, idpKeys.cert],
    });
    const email = freshEmail('rollover');
    await inviteTrainee(f, org, manager.token, email);
    expect((await signIn(org, { email })).location).toBe(`${publicUrl}/login?sso=done`);
    expect((await signIn(org, { email, keys: strangerKeys })).location).toBe(
      `${publicUrl}/login?sso=done`,
    );
  });

  it('an unsigned response, an unsigned assertion, or one signed by another key is refused', async () => {
    const { org, manager } = await samlOrganization();
    const email = freshEmail('unsigned');
    await inviteTrainee(f, org, manager.token, email);

    // The assertion signed, the Response not.
    expectRefused(
      await signIn(org, { email, sign: { assertion: true, message: false } }),
      'response_invalid',
    );
    // The Response signed, the assertion not.
    expectRefused(
      await signIn(org, { email, sign: { assertion: false, message: true } }),
      'response_invalid',
    );
    // Nothing signed: the signatures taken out of a signed answer.
    const redirect = await start(`organization=${org}`);
    const { samlResponse } = await idpAnswer(org, redirect, { email });
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const bare = xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
    expect(bare).not.toContain('Signature');
    expectRefused(await post(org, Buffer.from(bare).toString('base64')), 'response_invalid');
    // Signed with a key the organization did not configure.
    expectRefused(await signIn(org, { email, keys: strangerKeys }), 'response_invalid');
    expect(await userCount(f, email)).toBe(0);
  });

  it('another audience, issuer, destination or recipient is refused', async () => {
    const { org, manager } = await samlOrganization();
    const email = freshEmail('audience');
    await inviteTrainee(f, org, manager.token, email);
    expectRefused(
      await signIn(org, { email, audience: 'https://other-app.test/saml' }),
      'response_invalid',
    );
    expectRefused(
      await signIn(org, { email, issuer: 'https://other-idp.test/metadata' }),
      'response_invalid',
    );
    expectRefused(
      await signIn(org, { email, destination: 'https://other-app.test/acs' }),
      'response_invalid',
    );
    expectRefused(
      await signIn(org, { email, recipient: 'https://other-app.test/acs' }),
      'response_invalid',
    );
    expect(await userCount(f, email)).toBe(0);
  });

  it('an expired answer is refused; one within the clock skew is taken', async () => {
    const { org, manager } = await samlOrganization();
    const email = freshEmail('expired');
    await inviteTrainee(f, org, manager.token, email);
    // NotOnOrAfter 5 min after the shifted time: 7 min ago is 2 min past it, over the 1 min skew.
    expectRefused(await signIn(org, { email, shiftMs: -7 * 60_000 }), 'flow_invalid');
    // Issued 30 s in the future (the IdP's clock ahead): within the skew.
    expect((await signIn(org, { email, shiftMs: 30_000 })).location).toBe(
      `${publicUrl}/login?sso=done`,
    );
  });

  it('a replayed response is refused, and so is a new answer that reuses an accepted assertion id', async () => {
    const { org, manager } = await samlOrganization();
    const email = freshEmail('replay');
    await inviteTrainee(f, org, manager.token, email);
    const redirect = await start(`organization=${org}`);
    const assertionId = `_replayed${serial}`;
    const { samlResponse } = await idpAnswer(org, redirect, { email, assertionId });
    expect((await post(org, samlResponse)).location).toBe(`${publicUrl}/login?sso=done`);
    expectRefused(await post(org, samlResponse), 'flow_invalid');
    // A fresh request, answered with the assertion id already accepted.
    expectRefused(await signIn(org, { email, assertionId }), 'flow_invalid');
  });

  it('an answer to no request of ours (IdP-initiated, unknown, another organization’s) is refused', async () => {
    const { org, manager } = await samlOrganization();
    const other = await samlOrganization();
    const email = freshEmail('unsolicited');
    await inviteTrainee(f, org, manager.token, email);
    const redirect = await start(`organization=${org}`);
    expectRefused(
      await post(org, (await idpAnswer(org, redirect, { email, inResponseTo: '' })).samlResponse),
      'flow_invalid',
    );
    expectRefused(
      await post(
        org,
        (await idpAnswer(org, redirect, { email, inResponseTo: '_never-asked' })).samlResponse,
      ),
      'flow_invalid',
    );
    // A request started for the other organization, answered to this one's ACS.
    const foreign = await start(`organization=${other.org}`);
    const foreignId = (await idpAnswer(other.org, foreign, { email })).requestId;
    expectRefused(
      await post(
        org,
        (await idpAnswer(org, redirect, { email, inResponseTo: foreignId })).samlResponse,
      ),
      'flow_invalid',
    );
    expect(await userCount(f, email)).toBe(0);
  });

  it('signature wrapping: a second, unsigned assertion for another email beside or around the signed one signs nobody in', async () => {
    const { org, manager } = await samlOrganization({ jitEnabled: true });
    const email = freshEmail('victim');
    const attacker = freshEmail('attacker');
    await inviteTrainee(f, org, manager.token, email);
    const redirect = await start(`organization=${org}`);
    const { samlResponse } = await idpAnswer(org, redirect, { email });
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
    const evil = signed
      .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')
      .replace(/ID="[^"]+"/, 'ID="_evil"')
      .replaceAll(email, attacker);
    expect(evil).toContain(attacker);

    const variants = [
      // The evil assertion first, the signed one after it.
      xml.replace(signed, `${evil}${signed}`),
      // The signed one moved into the evil one (its own signature still verifies).
      xml.replace(signed, evil.replace('</saml:Assertion>', `${signed}</saml:Assertion>`)),
      // The signed one hidden in the Response's Extensions, the evil one in its place.
      xml
        .replace(signed, evil)
        .replace('<samlp:Status>', `<samlp:Extensions>${signed}</samlp:Extensions><samlp:Status>`),
    ];
    for (const variant of variants) {
      const done = await post(org, Buffer.from(variant).toString('base64'));
      expect(done.location.startsWith(`${publicUrl}/login?sso_error=`), done.location).toBe(true);
      expect(
        done.cookies.some((c) => c.startsWith('practica_sso_done=') && !c.includes('Max-Age=0')),
      ).toBe(false);
    }
    expect(await userCount(f, attacker)).toBe(0);
    expect(await userCount(f, email)).toBe(0);
  });

  it('a user of another organization is refused; an unknown email without invite or JIT too, writing nothing', async () => {
    const { org } = await samlOrganization();
    const elsewhere = await buildOrganization(f);
    const foreigner = await buildUser(f, { role: Role.Trainee, organizationId: elsewhere.id });
    expectRefused(await signIn(org, { email: foreigner.email }), 'other_organization');

    const stranger = freshEmail('stranger');
    expectRefused(await signIn(org, { email: stranger }), 'unknown_user');
    expect(await userCount(f, stranger)).toBe(0);
  });

  it('the ACS of an organization without SAML settings, and a POST without an answer, are refused', async () => {
    const plain = await buildOrganization(f);
    expectRefused(await post(plain.id, 'PHNhbWw+'), 'not_configured');
    const { org } = await samlOrganization();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/sso/saml/${org}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'RelayState=x',
    });
    expect(res.headers.location).toBe(refusedWith('flow_invalid'));
  });
});

describe('the SAML settings', () => {
  it('are saved beside the stored OpenID Connect fields and answered with our service provider’s URLs', async () => {
    const org = await buildOrganization(f);
    const token = await adminToken(f);
    await apiData(f, 'PUT', ssoUrl(org.id), token, {
      issuer: 'https://oidc.example.test',
      clientId: 'kept-client',
      clientSecret: 'kept-secret',
    });
    const saved = await configure(org.id, { roleClaim: 'groups' });
    expect(saved.settings).toMatchObject({
      protocol: 'saml',
      issuer: 'https://oidc.example.test',
      clientId: 'kept-client',
      clientSecretSet: true,
      samlIdpEntityId: idpEntityId,
      samlSsoUrl: idpSsoUrl,
      samlAttributes: { email: 'email', firstName: 'firstName', lastName: 'lastName' },
      roleClaim: 'groups',
    });
    expect(saved.settings!.samlCertificates).toHaveLength(1);
    expect(saved.samlServiceProvider).toEqual({
      entityId: `${publicUrl}/api/auth/sso/saml/${org.id}/metadata`,
      acsUrl: acsOf(org.id),
      metadataUrl: `${publicUrl}/api/auth/sso/saml/${org.id}/metadata`,
    });

    const metadata = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/sso/saml/${org.id}/metadata`,
    });
    expect(metadata.headers['content-type']).toContain('xml');
    expect(metadata.body).toContain(`entityID="${saved.samlServiceProvider.entityId}"`);
    expect(metadata.body).toContain(`Location="${acsOf(org.id)}"`);
    expect(metadata.body).toContain('WantAssertionsSigned="true"');
  });

  it('a certificate that does not parse, a missing entity id or a bad URL is a 400 on its field', async () => {
    const org = await buildOrganization(f);
    const token = await adminToken(f);
    const put = (body: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: ssoUrl(org.id),
        headers: bearer(token),
        payload: {
          protocol: 'saml',
          samlIdpEntityId: idpEntityId,
          samlSsoUrl: idpSsoUrl,
          samlCertificates: [idpKeys.cert],
          ...body,
        },
      });
    const broken = `-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----`;
    for (const [body, field] of [
      [{ samlCertificates: [broken] }, 'samlCertificates'],
      [{ samlCertificates: [] }, 'samlCertificates'],
      [{ samlIdpEntityId: '' }, 'samlIdpEntityId'],
      [{ samlSsoUrl: 'javascript:alert(1)' }, 'samlSsoUrl'],
      [{ protocol: 'ldap' }, 'protocol'],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it('the server log holds nothing of an assertion: no email, no name, no SAMLResponse', () => {
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('single sign-on refused');
    expect(log).not.toMatch(/attacker\.|victim\.|Cora|SAMLResponse|saml:Assertion/);
  });
});
