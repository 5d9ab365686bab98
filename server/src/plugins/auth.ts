/**
 * Request authentication and authorization (architecture.md 'Authorization lives in one place').
 *
 * - `request.actor`: the signed-in user as a policy actor, or null.
 * - `app.authenticate`: a preHandler that answers 401 unless a valid bearer token names an account
 *   that may still act with the token's version (decisions.md#sessions-and-tokens), or is an API
 *   token that still stands (`pra_…`, decisions.md#api-tokens: the api-tokens module judges it;
 *   failed attempts count per IP on the rate-limit plugin, 429 past LOGIN_RATE_PER_MINUTE a
 *   minute). Each request made with an API token is recorded (audit, last use) before its answer
 *   is sent.
 * - `request.authorize(action, target?)`: throws the 403 when the policy says no (`requireAllowed`,
 *   the services' door for an action that names no row; rows go through `loadAuthorized`, lists
 *   through `scopeFor`).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  integrationMessages,
  messages,
  type Action,
  type Actor,
  type PolicyTarget,
  type RoleId,
} from '@practica/contract';
import { RateLimitedError, UnauthorizedError } from '../errors.js';
import { requireAllowed } from '../lib/load-authorized.js';
import { verifySessionToken } from '../lib/session-token.js';
import {
  authenticateApiToken,
  isApiToken,
  recordApiTokenUse,
  type ApiTokenSession,
} from '../modules/api-tokens/index.js';
import { accountCanAct, findAccountById, type AccountRow } from '../modules/users/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The signed-in account row (set by `authenticate`). */
    account: AccountRow | null;
    authorize(action: Action, target?: PolicyTarget): void;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { secret: Uint8Array }) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('account', null);
    app.decorateRequest(
      'authorize',
      function (this: FastifyRequest, action: Action, target?: PolicyTarget) {
        requireAllowed(this.actor, action, target);
      },
    );
    /** The API token sessions of this app's requests in flight (recorded when answered). */
    const tokenSessions = new WeakMap<FastifyRequest, ApiTokenSession>();
    const failedApiTokens = app.createRateLimit({
      max: app.config.loginRatePerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `api-token|${request.ip}`,
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearer(request);
      if (!token) throw new UnauthorizedError();
      if (isApiToken(token)) {
        const session = await authenticateApiToken(app.db, token);
        if (!session) {
          const limit = await failedApiTokens(request);
          if (!limit.isAllowed && limit.isExceeded)
            throw new RateLimitedError(messages.tooManyRequests, limit.ttlInSeconds);
          throw new UnauthorizedError(integrationMessages.apiTokenInvalid);
        }
        tokenSessions.set(request, session);
        request.actor = session.actor;
        return;
      }
      const claims = await verifySessionToken(options.secret, token);
      if (!claims) throw new UnauthorizedError();
      const account = await findAccountById(app.db, claims.userId);
      if (!account || account.tokenVersion !== claims.tokenVersion || !accountCanAct(account)) {
        throw new UnauthorizedError();
      }
      request.account = account;
      request.actor = {
        id: account.id,
        roleId: account.roleId as RoleId,
        organizationId: account.organizationId,
        creator: account.creator,
      };
    });
    app.addHook('onSend', async (request, reply) => {
      const session = tokenSessions.get(request);
      if (!session) return;
      try {
        await recordApiTokenUse(app.db, session, {
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0]!,
          status: reply.statusCode,
        });
      } catch (error) {
        request.log.error({ err: error }, 'could not record an API token use');
      }
    });
  },
  { name: 'auth', dependencies: ['db', '@fastify/rate-limit'] },
);
