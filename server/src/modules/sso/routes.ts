/**
 * The single sign-on calls (decisions.md#single-sign-on): the settings under
 * `/organizations/{id}/sso` (read, save, test; an Admin or a Manager of the organization, checked
 * before the body), and the browser's sign-in under `/auth/sso` — `start`, OpenID Connect's
 * `callback` and SAML's `saml/{id}/acs` answer redirects (302), never JSON, so a refusal lands on
 * the sign-in page as `/login?sso_error=<code>`; `session` hands the finished sign-in to the
 * console once. `saml/{id}/metadata` is our service provider's metadata for the organization's
 * identity provider (public, XML).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  envelopeSchema,
  idParamSchema,
  loginAnswerSchema,
  ssoSettingsAnswerSchema,
  ssoSettingsBodySchema,
  ssoStartQuerySchema,
  ssoTestAnswerSchema,
  ssoTestBodySchema,
} from '@practica/contract';
import { UnauthorizedError } from '../../errors.js';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, signedIn, zodApp } from '../../lib/route-kit.js';
import { verifySessionToken } from '../../lib/session-token.js';
import { presentSessionUser } from '../auth/index.js';
import { accountCanAct, findAccountById } from '../users/index.js';
import { finishSamlSignIn, samlMetadataFor } from './saml.js';
import * as service from './service.js';

/** The largest SAML answer the ACS reads (bytes of the form body). */
const samlFormLimitBytes = 256 * 1024;

/** The cookie of a started sign-in (state, nonce, PKCE verifier; signed). */
const flowCookieName = 'practica_sso_flow';
/** The cookie of a finished sign-in, until the console takes the session (120 s). */
const doneCookieName = 'practica_sso_done';
const cookiePath = '/api/auth/sso';

/** The value of cookie `name` in the request, or undefined. */
function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** A Set-Cookie value: httpOnly, SameSite=Lax, on the sign-on path; Secure behind https. */
function cookieText(publicUrl: string, name: string, value: string, maxAgeSeconds: number) {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${name}=${value}; Path=${cookiePath}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** Registers the single sign-on routes (inside the `/api` prefix). */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): service.SsoDeps => ({
    db: app.db,
    jwtSecret: app.config.jwtSecret,
    publicUrl: app.config.publicUrl,
    sessionTtlSeconds: app.config.sessionTtlSeconds,
  });
  const loginUrl = (query: string) => `${app.config.publicUrl}/login?${query}`;
  /** Redirects to the sign-in page with `code`, clearing the flow cookie. */
  const refuse = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof service.SsoFailure)) throw error;
    app.log.info({ ssoError: error.code, err: error.cause ?? null }, 'single sign-on refused');
    return reply
      .header('set-cookie', cookieText(app.config.publicUrl, flowCookieName, '', 0))
      .redirect(loginUrl(`sso_error=${error.code}`), 302);
  };
  /** Hands a finished sign-in's session `token` to the console: the done cookie, then /login. */
  const finished = (reply: FastifyReply, token: string) =>
    reply
      .header('set-cookie', [
        cookieText(app.config.publicUrl, flowCookieName, '', 0),
        cookieText(app.config.publicUrl, doneCookieName, token, 120),
      ])
      .redirect(loginUrl('sso=done'), 302);

  const authorize = async (request: FastifyRequest) => {
    const params = idParamSchema.safeParse(request.params);
    if (!params.success) return; // the validation answers 400
    await service.authorizeSso(app.db, actorOf(request), params.data.id);
  };

  await signedIn(app, (r) => {
    r.get(
      '/organizations/:id/sso',
      {
        schema: {
          ...secured('organizations'),
          summary:
            'The organization’s single sign-on (OpenID Connect) settings, or settings null, and the redirect ' +
            'URI its provider must allow. The client secret is never answered, only clientSecretSet. Admin, ' +
            'or a manager of the organization',
          params: idParamSchema,
          response: { 200: envelopeSchema(ssoSettingsAnswerSchema) },
        },
      },
      async (request) =>
        ok(await service.getSsoSettingsFor(deps(), actorOf(request), request.params.id)),
    );

    r.put(
      '/organizations/:id/sso',
      {
        schema: {
          ...secured('organizations'),
          summary:
            'Save the organization’s single sign-on settings: body {issuer, clientId, clientSecret? (omitted ' +
            'or empty: kept), emailDomains, jitEnabled, roleClaim, roleMap [{value, roleId 1–3}]}. 409 when ' +
            'another organization routes one of the domains. Admin, or a manager of the organization; who ' +
            'may call is checked before the body',
          params: idParamSchema,
          body: ssoSettingsBodySchema,
          response: { 200: envelopeSchema(ssoSettingsAnswerSchema) },
        },
        preValidation: authorize,
      },
      async (request) =>
        ok(
          await service.saveSsoSettingsFor(
            deps(),
            actorOf(request),
            request.params.id,
            request.body,
          ),
        ),
    );

    r.post(
      '/organizations/:id/sso/test',
      {
        schema: {
          ...secured('organizations'),
          summary:
            'Fetch the discovery document of body {issuer} (5 s) and answer its issuer and endpoints; 400 with ' +
            'the reason when it cannot. Admin, or a manager of the organization',
          params: idParamSchema,
          body: ssoTestBodySchema,
          response: { 200: envelopeSchema(ssoTestAnswerSchema) },
        },
        preValidation: authorize,
      },
      async (request) =>
        ok(
          await service.testSsoConnectionFor(
            deps(),
            actorOf(request),
            request.params.id,
            request.body.issuer,
          ),
        ),
    );
  });

  const r = zodApp(app);
  r.get(
    '/auth/sso/start',
    {
      schema: {
        tags: ['session'],
        summary:
          'Start signing in with the organization’s identity provider: query email (routed by its domain) ' +
          'or organization (id). Redirects (302) to the provider, or to /login?sso_error=<code>',
      },
    },
    async (request, reply) => {
      try {
        const query = ssoStartQuerySchema.safeParse(request.query);
        if (!query.success) throw new service.SsoFailure('not_configured');
        const started = await service.startSignIn(deps(), query.data);
        if (started.flowCookie !== undefined)
          reply.header(
            'set-cookie',
            cookieText(
              app.config.publicUrl,
              flowCookieName,
              started.flowCookie,
              service.flowLifetimeSeconds,
            ),
          );
        return reply.redirect(started.location, 302);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  r.get(
    '/auth/sso/callback',
    {
      schema: {
        tags: ['session'],
        summary:
          'The identity provider’s redirect back (code, state, iss). Redirects (302) to /login?sso=done with ' +
          'the finished sign-in in an httpOnly cookie, or to /login?sso_error=<code>',
      },
    },
    async (request, reply) => {
      try {
        const current = new URL(request.url, app.config.publicUrl);
        const token = await service.finishSignIn(
          deps(),
          current,
          cookieOf(request, flowCookieName),
        );
        return finished(reply, token);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  // The identity provider posts its answer as a form (SAML HTTP-POST binding): only these routes
  // read one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: samlFormLimitBytes },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  r.get(
    '/auth/sso/saml/:id/metadata',
    {
      schema: {
        tags: ['session'],
        summary:
          'Our SAML service provider’s metadata for the organization (XML: entity id, assertion consumer ' +
          'service, signed assertions wanted), for its identity provider’s administrator. Public',
        params: idParamSchema,
      },
    },
    async (request, reply) =>
      reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .send(await samlMetadataFor(deps(), request.params.id)),
  );

  r.post(
    '/auth/sso/saml/:id/acs',
    {
      schema: {
        tags: ['session'],
        summary:
          'The SAML assertion consumer service: the identity provider posts form {SAMLResponse, RelayState} ' +
          'answering a sign-in started here. Redirects (302) to /login?sso=done with the finished sign-in in ' +
          'an httpOnly cookie, or to /login?sso_error=<code>',
      },
      bodyLimit: samlFormLimitBytes,
    },
    async (request, reply) => {
      try {
        const params = idParamSchema.safeParse(request.params);
        if (!params.success) throw new service.SsoFailure('not_configured');
        const form = (request.body ?? {}) as Record<string, unknown>;
        const token = await finishSamlSignIn(
          deps(),
          params.data.id,
          typeof form.SAMLResponse === 'string' ? form.SAMLResponse : undefined,
        );
        return finished(reply, token);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  r.post(
    '/auth/sso/session',
    {
      schema: {
        tags: ['session'],
        summary:
          'Take the session of a finished single sign-on (the cookie the callback set, once): answers as ' +
          'POST /auth. 401 without one',
        response: { 200: envelopeSchema(loginAnswerSchema) },
      },
    },
    async (request, reply) => {
      const token = cookieOf(request, doneCookieName);
      const secret = new TextEncoder().encode(app.config.jwtSecret);
      const claims = token ? await verifySessionToken(secret, token) : null;
      const account = claims ? await findAccountById(app.db, claims.userId) : undefined;
      reply.header('set-cookie', cookieText(app.config.publicUrl, doneCookieName, '', 0));
      if (
        !token ||
        !account ||
        !accountCanAct(account) ||
        account.tokenVersion !== claims!.tokenVersion
      )
        throw new UnauthorizedError();
      return ok({ ...presentSessionUser(account), token });
    },
  );
}
