/**
 * Single sign-on per organization (decisions.md#single-sign-on): its settings, and the sign-in
 * with OpenID Connect. SAML 2.0's own steps are in saml.ts; what happens once either protocol
 * vouched for an email is in sign-in.ts.
 *
 * Settings: an Admin or a Manager of the organization (`sso:manage`; another organization's are a
 * 404, as a missing one) reads, saves and tests them. The client secret is sealed at rest
 * (secret-box.ts) and never answered nor logged.
 *
 * Sign-in: `startSignIn` finds the organization (by the email's domain or its id); for a SAML
 * organization it answers saml.ts's AuthnRequest redirect, else it discovers the provider and answers the authorization URL (code flow, PKCE S256, `state`, `nonce`) with the
 * flow cookie that carries them, signed; `finishSignIn` lets openid-client check issuer,
 * audience, state, nonce and code, then finds the account by the verified email in that
 * organization — or creates it from a pending invite (invites' `acceptPendingInvite`, its seat
 * rule) or, when the organization allows it, just in time — and answers a session token like a
 * password sign-in's. Every refusal is an `SsoFailure` with the error code the sign-in page shows;
 * nothing is written for a refusal. Calls to the provider time out after 5 s.
 */
import { createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import {
  type Actor,
  type SsoSettingsAnswer,
  type SsoSettingsValues,
  type SsoTestAnswer,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { ConflictError, ValidationError } from '../../errors.js';
import { loadOrganizationFor } from '../organizations/index.js';
import { presentSsoSettings } from './presenter.js';
import {
  domainsTakenElsewhere,
  findSsoForDomain,
  findSsoSettings,
  upsertSsoSettings,
  type SsoRow,
} from './repository.js';
import { samlServiceProviderOf, startSamlSignIn, validSamlCertificates } from './saml.js';
import { open, seal, secretBoxKey } from './secret-box.js';
import { SsoFailure, sessionForVerifiedEmail, type SsoDeps } from './sign-in.js';

export { SsoFailure, type SsoDeps } from './sign-in.js';

/** Every call to a provider (discovery, token, JWKS) gives up after this many seconds. */
export const providerTimeoutSeconds = 5;
/** How long a started sign-in may take at the provider, in seconds (the flow cookie's life). */
export const flowLifetimeSeconds = 600;
/** The scopes asked for: the ID token must carry the email and whether it is verified. */
const scopes = 'openid email profile';

/** The callback URL every provider must allow for this server. */
export const redirectUriOf = (publicUrl: string): string => `${publicUrl}/api/auth/sso/callback`;

const keys = new Map<string, { box: Buffer; flow: KeyObject }>();
/** The client-secret key and the flow-cookie key of `jwtSecret`, derived once. */
function keysOf(jwtSecret: string) {
  let found = keys.get(jwtSecret);
  if (!found) {
    const flow = Buffer.from(hkdfSync('sha256', jwtSecret, 'practica', 'practica sso flow v1', 32));
    found = { box: secretBoxKey(jwtSecret), flow: createSecretKey(flow) };
    keys.set(jwtSecret, found);
  }
  return found;
}

/**
 * Who may manage the organization's single sign-on (the routes call it before the body): 404 for
 * a missing or another organization, 403 for a role that may not.
 */
export async function authorizeSso(db: Db, actor: Actor, organizationId: number): Promise<void> {
  await loadOrganizationFor(db, actor, organizationId, 'sso:manage');
}

/**
 * GET /organizations/{id}/sso: the settings (never the secret) or null, the OpenID Connect
 * redirect URI and our SAML service provider's URLs for the organization.
 */
export async function getSsoSettingsFor(
  deps: SsoDeps,
  actor: Actor,
  organizationId: number,
): Promise<SsoSettingsAnswer> {
  await authorizeSso(deps.db, actor, organizationId);
  const redirectUri = redirectUriOf(deps.publicUrl);
  const row = await findSsoSettings(deps.db, organizationId);
  return {
    settings: row ? presentSsoSettings(row, redirectUri) : null,
    redirectUri,
    samlServiceProvider: samlServiceProviderOf(deps.publicUrl, organizationId),
  };
}

/**
 * PUT /organizations/{id}/sso: saves the settings of the body's protocol and keeps the other
 * protocol's stored fields. OpenID Connect: an omitted or empty `clientSecret` keeps the stored
 * one, another is sealed. SAML: every certificate must parse as X.509 (400 on
 * `samlCertificates` otherwise). 409 when another organization already routes one of the email
 * domains. Answers the settings as GET does.
 */
export async function saveSsoSettingsFor(
  deps: SsoDeps,
  actor: Actor,
  organizationId: number,
  body: SsoSettingsValues,
  now = new Date(),
): Promise<SsoSettingsAnswer> {
  await authorizeSso(deps.db, actor, organizationId);
  const emailDomains = [...new Set(body.emailDomains)];
  const taken = await domainsTakenElsewhere(deps.db, organizationId, emailDomains);
  if (taken.length > 0)
    throw new ConflictError(`Another organization signs in ${taken.join(', ')} already.`);
  const shared = {
    protocol: body.protocol,
    emailDomains,
    jitEnabled: body.jitEnabled,
    roleClaim: body.roleClaim === '' ? null : body.roleClaim,
    roleMap: body.roleMap,
  };
  if (body.protocol === 'saml') {
    const certificates = validSamlCertificates(body.samlCertificates);
    if (!certificates) {
      const message = 'Paste the identity provider’s signing certificate (PEM, X.509).';
      throw new ValidationError(message, [{ path: 'samlCertificates', message }]);
    }
    await upsertSsoSettings(
      deps.db,
      organizationId,
      {
        ...shared,
        samlIdpEntityId: body.samlIdpEntityId,
        samlSsoUrl: body.samlSsoUrl,
        samlCertificates: certificates,
        samlAttributes: body.samlAttributes,
      },
      now,
    );
  } else {
    const secret = body.clientSecret?.trim();
    await upsertSsoSettings(
      deps.db,
      organizationId,
      {
        ...shared,
        issuer: body.issuer.replace(/\/+$/, ''),
        clientId: body.clientId,
        ...(secret ? { clientSecretEncrypted: seal(keysOf(deps.jwtSecret).box, secret) } : {}),
      },
      now,
    );
  }
  return getSsoSettingsFor(deps, actor, organizationId);
}

/** Whether `url` may be used over plain http: a loopback provider (tests, a local Keycloak). */
function insecureAllowed(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The issuer URL to discover, or a failure for a URL that is neither https nor loopback http. */
function issuerUrl(issuer: string): URL {
  const url = new URL(issuer);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && insecureAllowed(url)))
    throw new SsoFailure('provider_unavailable');
  return url;
}

/** What an openid-client error means for the sign-in page. */
function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  const text = `${(error as { code?: string }).code ?? ''} ${(error as Error).message ?? ''}`;
  if (/issuer|"iss"/i.test(text) && !/fetch|timeout|abort/i.test(text))
    return new SsoFailure('issuer_mismatch', error);
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError)
    return new SsoFailure('flow_invalid', error);
  if (/state|nonce|code_verifier|invalid_grant|OAUTH_/i.test(text))
    return new SsoFailure('flow_invalid', error);
  return new SsoFailure('provider_unavailable', error);
}

/** The provider's configuration for the organization's settings (discovery, 5 s timeout). */
async function providerOf(
  deps: SsoDeps,
  row: Pick<SsoRow, 'issuer' | 'clientId' | 'clientSecretEncrypted'>,
): Promise<oidc.Configuration> {
  const url = issuerUrl(row.issuer);
  const secret =
    row.clientSecretEncrypted === null
      ? undefined
      : open(keysOf(deps.jwtSecret).box, row.clientSecretEncrypted);
  try {
    const config = await oidc.discovery(url, row.clientId, secret, undefined, {
      timeout: providerTimeoutSeconds,
      ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    config.timeout = providerTimeoutSeconds;
    return config;
  } catch (error) {
    throw failureOf(error);
  }
}

/**
 * POST /organizations/{id}/sso/test: fetches `issuer`'s discovery document (5 s) and answers what
 * it names. 400 with the reason when it cannot be fetched or names another issuer.
 */
export async function testSsoConnectionFor(
  deps: SsoDeps,
  actor: Actor,
  organizationId: number,
  issuer: string,
): Promise<SsoTestAnswer> {
  await authorizeSso(deps.db, actor, organizationId);
  try {
    const config = await providerOf(deps, {
      issuer: issuer.replace(/\/+$/, ''),
      clientId: 'connection-test',
      clientSecretEncrypted: null,
    });
    const meta = config.serverMetadata();
    return {
      issuer: meta.issuer,
      authorizationEndpoint: meta.authorization_endpoint ?? '',
      tokenEndpoint: meta.token_endpoint ?? '',
    };
  } catch (error) {
    throw new ValidationError(failureOf(error).message, [
      { path: 'issuer', message: failureOf(error).message },
    ]);
  }
}

/** What a started sign-in keeps in its signed cookie. */
interface FlowClaims {
  organizationId: number;
  state: string;
  nonce: string;
  verifier: string;
}

/** Where the browser goes next and the flow cookie's value (none for SAML: its flow is stored). */
export interface StartedSignIn {
  location: string;
  flowCookie?: string | undefined;
}

/**
 * GET /auth/sso/start: the organization of `email`'s domain (or `organizationId`), its provider
 * discovered, and the authorization URL with PKCE S256, state and nonce, which the answered flow
 * cookie carries signed for `flowLifetimeSeconds`. SsoFailure 'not_configured' when no active
 * organization has settings for it, 'provider_unavailable' / 'issuer_mismatch' from discovery.
 */
export async function startSignIn(
  deps: SsoDeps,
  query: { email?: string | undefined; organization?: number | undefined },
): Promise<StartedSignIn> {
  const row =
    query.organization !== undefined
      ? await findSsoSettings(deps.db, query.organization)
      : await findSsoForDomain(deps.db, (query.email ?? '').split('@').pop()!.toLowerCase());
  if (!row) throw new SsoFailure('not_configured');
  if (row.protocol === 'saml') return startSamlSignIn(deps, row);
  const config = await providerOf(deps, row);
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: FlowClaims = {
    organizationId: row.organizationId,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(deps.publicUrl),
    scope: scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
    ...(query.email ? { login_hint: query.email } : {}),
  });
  const flowCookie = await new SignJWT({ ...flow })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience('practica-sso-flow')
    .setIssuedAt()
    .setExpirationTime(`${flowLifetimeSeconds}s`)
    .sign(keysOf(deps.jwtSecret).flow);
  return { location: url.href, flowCookie };
}

/** The flow cookie's claims, or SsoFailure 'flow_invalid' when missing, altered or expired. */
async function flowOf(deps: SsoDeps, cookie: string | undefined): Promise<FlowClaims> {
  if (!cookie) throw new SsoFailure('flow_invalid');
  try {
    const { payload } = await jwtVerify(cookie, keysOf(deps.jwtSecret).flow, {
      audience: 'practica-sso-flow',
      algorithms: ['HS256'],
    });
    return payload as unknown as FlowClaims;
  } catch (error) {
    throw new SsoFailure('flow_invalid', error);
  }
}

/**
 * GET /auth/sso/callback: `currentUrl` is the callback URL as the browser called it and
 * `flowCookie` the cookie `startSignIn` set. openid-client checks the authorization response
 * (state, issuer), exchanges the code with the PKCE verifier (5 s) and validates the ID token
 * (issuer, audience, nonce, expiry); claims the ID token lacks are read from userinfo (its `sub`
 * must match). The email must be verified (`email_verified`, or Entra ID's `xms_edov`).
 * Answers a session token as POST /auth does, or throws SsoFailure.
 */
export async function finishSignIn(
  deps: SsoDeps,
  currentUrl: URL,
  flowCookie: string | undefined,
): Promise<string> {
  const flow = await flowOf(deps, flowCookie);
  const row = await findSsoSettings(deps.db, flow.organizationId);
  if (!row || row.protocol !== 'oidc') throw new SsoFailure('not_configured');
  const config = await providerOf(deps, row);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      config,
      currentUrl,
      {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: redirectUriOf(deps.publicUrl) },
    );
    claims = (tokens.claims() ?? {}) as Record<string, unknown>;
    // A provider may keep the scope's claims out of the ID token (OIDC Core §5.4): ask userinfo.
    if (typeof claims.email !== 'string' && typeof claims.sub === 'string')
      claims = {
        ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)),
        ...claims,
      };
  } catch (error) {
    throw failureOf(error);
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  // Entra ID sends no email_verified; its optional claim xms_edov says the domain owner verified it.
  const verified = claims.email_verified === true || claims.xms_edov === true;
  if (!email || !verified) throw new SsoFailure('email_unverified');
  return sessionForVerifiedEmail(deps, row, email, claims);
}
