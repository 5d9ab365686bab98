/**
 * Single sign-on with SAML 2.0, per organization (decisions.md#single-sign-on §6): we are the
 * service provider, `@node-saml/node-saml` builds the AuthnRequest and checks the answer.
 *
 * Our entity id is the organization's metadata URL, the assertion consumer service (ACS) is
 * `<PUBLIC_URL>/api/auth/sso/saml/<organization id>/acs` (HTTP-POST binding); the request goes to
 * the identity provider's single sign-on URL by HTTP-Redirect. Only a sign-in we started is
 * accepted (no IdP-initiated sign-in: decisions.md#single-sign-on §7): the AuthnRequest's id is
 * stored in `saml_message_ids` for `samlRequestLifetimeSeconds`, so every copy of the server
 * checks the answer's InResponseTo, and taken once.
 *
 * An answer is accepted only when the Response AND its single assertion are signed by one of the
 * organization's certificates (node-saml also refuses a second assertion, the usual signature
 * wrapping), the assertion's Issuer is the identity provider's entity id, its Audience our entity
 * id, the Response's Destination and the bearer confirmation's Recipient our ACS URL, NotBefore /
 * NotOnOrAfter hold with `samlClockSkewMs`, and the assertion's ID was never accepted before
 * (a replay). Then the email (the configured attribute, else the NameID) signs in through
 * sign-in.ts, exactly as an OpenID Connect sign-in does. Nothing of an answer is logged: a refusal
 * carries only a reason word (`SamlRefusal`).
 */
import { X509Certificate } from 'node:crypto';
import {
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml';
import type { SamlServiceProvider } from '@practica/contract';
import { parseStringPromise, processors } from 'xml2js';
import type { Db } from '../../db/client.js';
import {
  findSsoSettings,
  recordSamlAssertion,
  rememberSamlRequest,
  samlRequestPending,
  takeSamlRequest,
  type SsoRow,
} from './repository.js';
import { SsoFailure, sessionForVerifiedEmail, type SsoDeps } from './sign-in.js';

/** How long an AuthnRequest may wait for its answer, in seconds. */
export const samlRequestLifetimeSeconds = 600;
/** The clock difference to the identity provider tolerated on NotBefore / NotOnOrAfter (ms). */
export const samlClockSkewMs = 60_000;
/** How long an accepted assertion's id is kept when it names no NotOnOrAfter (seconds). */
const assertionMemorySeconds = 3600;

/** Our service provider's entity id, ACS URL and metadata URL for the organization. */
export function samlServiceProviderOf(
  publicUrl: string,
  organizationId: number,
): SamlServiceProvider {
  const base = `${publicUrl}/api/auth/sso/saml/${organizationId}`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` };
}

/**
 * The certificates `pems` as node:crypto reprints them (PEM), or null when one does not parse
 * as an X.509 certificate.
 */
export function validSamlCertificates(pems: readonly string[]): string[] | null {
  try {
    return pems.map((pem) => new X509Certificate(pem).toString().trim());
  } catch {
    return null;
  }
}

/** Why an answer was refused, for the log (never the answer's content). */
export class SamlRefusal extends Error {
  constructor(readonly reason: string) {
    super(`SAML answer refused: ${reason}`);
    this.name = 'SamlRefusal';
  }
}

/** A refused answer: the sign-in page's `code` and the reason word for the log. */
const refused = (code: 'flow_invalid' | 'response_invalid', reason: string) =>
  new SsoFailure(code, new SamlRefusal(reason));

/**
 * node-saml's request-id cache on `saml_message_ids`: a sent request is stored with the
 * organization; a lookup answers whether it is still pending. Removal is ours: `finishSamlSignIn`
 * takes the id once, after every check, in one statement.
 */
function requestStoreOf(db: Db, organizationId: number): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      await rememberSamlRequest(db, organizationId, key, samlRequestLifetimeSeconds);
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) =>
      (await samlRequestPending(db, organizationId, key)) ? new Date().toISOString() : null,
    removeAsync: async (key) => key,
  };
}

/** node-saml configured for the organization's settings `row` (protocol 'saml'). */
function samlOf(deps: SsoDeps, row: SsoRow): SAML {
  if (!row.samlSsoUrl || !row.samlIdpEntityId || row.samlCertificates.length === 0)
    throw new SsoFailure('not_configured');
  const sp = samlServiceProviderOf(deps.publicUrl, row.organizationId);
  return new SAML({
    entryPoint: row.samlSsoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    idpCert: row.samlCertificates,
    idpIssuer: row.samlIdpEntityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    acceptedClockSkewMs: samlClockSkewMs,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: samlRequestLifetimeSeconds * 1000,
    cacheProvider: requestStoreOf(deps.db, row.organizationId),
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/**
 * GET /auth/sso/start for a SAML organization: answers the identity provider's single sign-on
 * URL with the AuthnRequest (HTTP-Redirect binding), whose id is stored for
 * `samlRequestLifetimeSeconds`. No flow cookie: the answer comes back by a cross-site POST, which
 * carries no SameSite=Lax cookie; the stored id stands in for it.
 */
export async function startSamlSignIn(deps: SsoDeps, row: SsoRow): Promise<{ location: string }> {
  const location = await samlOf(deps, row).getAuthorizeUrlAsync('', undefined, {});
  return { location };
}

/** GET /auth/sso/saml/{id}/metadata: our service provider's metadata XML for the organization. */
export async function samlMetadataFor(deps: SsoDeps, organizationId: number): Promise<string> {
  const row = await findSsoSettings(deps.db, organizationId);
  const sp = samlServiceProviderOf(deps.publicUrl, organizationId);
  // The metadata names only our side; before the IdP is entered, a placeholder satisfies node-saml.
  const saml = new SAML({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    idpCert: row?.samlCertificates.length ? row.samlCertificates : 'unset',
    wantAssertionsSigned: true,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  });
  return saml.generateServiceProviderMetadata(null);
}

/** What an error of node-saml's check means: the page's code and a reason word. */
function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  if (error instanceof SamlStatusError) return refused('flow_invalid', 'status');
  const text = error instanceof Error ? error.message : '';
  if (/InResponseTo/i.test(text)) return refused('flow_invalid', 'in_response_to');
  if (/expired|NotBefore|NotOnOrAfter|subject confirmation/i.test(text))
    return refused('flow_invalid', 'time');
  if (/audience/i.test(text)) return refused('response_invalid', 'audience');
  if (/signature|signed/i.test(text)) return refused('response_invalid', 'signature');
  return refused('response_invalid', 'malformed');
}

/** The first value of a profile attribute, trimmed ('' when absent). */
function attributeOf(profile: Profile, name: string): string {
  const raw = profile[name];
  const first = Array.isArray(raw) ? raw[0] : raw;
  return typeof first === 'string' ? first.trim() : '';
}

/** The verified assertion's parts we check (node-saml's xml2js form of it). */
interface AssertionParts {
  ID?: string;
  notOnOrAfter: string[];
  recipients: string[];
}

/** The assertion's ID, its NotOnOrAfter times and its bearer confirmations' Recipients. */
function partsOf(profile: Profile): AssertionParts {
  type Node = { $?: Record<string, string> } & Record<string, Node[] | undefined>;
  const assertion = (profile.getAssertion?.() as { Assertion?: Node } | undefined)?.Assertion;
  const confirmations = (assertion?.Subject?.[0]?.SubjectConfirmation ?? []).flatMap(
    (c) => c.SubjectConfirmationData ?? [],
  );
  const conditions = assertion?.Conditions?.[0];
  return {
    ...(assertion?.$?.ID ? { ID: assertion.$.ID } : {}),
    notOnOrAfter: [conditions, ...confirmations]
      .map((node) => node?.$?.NotOnOrAfter)
      .filter((t): t is string => typeof t === 'string'),
    recipients: confirmations
      .map((node) => node.$?.Recipient)
      .filter((t): t is string => typeof t === 'string'),
  };
}

/**
 * The Destination of the Response `samlResponse` (base64; its root element, which node-saml found
 * signed), or null.
 */
async function destinationOf(samlResponse: string): Promise<string | null> {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const doc = (await parseStringPromise(xml, {
    tagNameProcessors: [processors.stripPrefix],
  }).catch(() => null)) as { Response?: { $?: { Destination?: string } } } | null;
  return doc?.Response?.$?.Destination ?? null;
}

/**
 * POST /auth/sso/saml/{id}/acs: `samlResponse` is the form's SAMLResponse (base64). Checks the
 * answer as the module note says, takes its request id once, records the assertion's id (until
 * its NotOnOrAfter) and signs the email in (sign-in.ts). Answers a session token as POST /auth
 * does, or throws SsoFailure: 'not_configured' for an organization without SAML settings,
 * 'flow_invalid' for an answer to no pending request of ours, an expired or replayed one,
 * 'response_invalid' for a bad signature, issuer, audience, destination or recipient; the
 * account's refusals as sign-in.ts says. A refusal writes no account.
 */
export async function finishSamlSignIn(
  deps: SsoDeps,
  organizationId: number,
  samlResponse: string | undefined,
  now = new Date(),
): Promise<string> {
  const row = await findSsoSettings(deps.db, organizationId);
  if (!row || row.protocol !== 'saml') throw new SsoFailure('not_configured');
  if (!samlResponse) throw refused('flow_invalid', 'no_response');
  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(deps, row).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    throw failureOf(error);
  }
  if (!profile) throw refused('response_invalid', 'no_assertion');
  const sp = samlServiceProviderOf(deps.publicUrl, organizationId);
  if (profile.issuer !== row.samlIdpEntityId) throw refused('response_invalid', 'issuer');
  if ((await destinationOf(samlResponse)) !== sp.acsUrl)
    throw refused('response_invalid', 'destination');
  const parts = partsOf(profile);
  if (!parts.recipients.includes(sp.acsUrl)) throw refused('response_invalid', 'recipient');
  if (!parts.ID) throw refused('response_invalid', 'no_assertion_id');
  const requestId = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : '';
  if (!(await takeSamlRequest(deps.db, organizationId, requestId)))
    throw refused('flow_invalid', 'in_response_to');
  const ends = parts.notOnOrAfter.map((t) => Date.parse(t)).filter(Number.isFinite);
  const keepUntil = new Date(
    (ends.length ? Math.max(...ends) : now.getTime() + assertionMemorySeconds * 1000) +
      samlClockSkewMs,
  );
  if (!(await recordSamlAssertion(deps.db, organizationId, parts.ID, keepUntil)))
    throw refused('flow_invalid', 'replay');

  const attributes = row.samlAttributes;
  const email = (
    attributes.email ? attributeOf(profile, attributes.email) : (profile.nameID ?? '')
  ).toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new SsoFailure('email_unverified');
  const claims: Record<string, unknown> = {
    ...(row.roleClaim ? { [row.roleClaim]: profile[row.roleClaim] } : {}),
    given_name: attributes.firstName ? attributeOf(profile, attributes.firstName) : '',
    family_name: attributes.lastName ? attributeOf(profile, attributes.lastName) : '',
  };
  return sessionForVerifiedEmail(deps, row, email, claims);
}
