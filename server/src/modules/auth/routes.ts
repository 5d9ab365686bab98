/**
 * Session calls of 000 §7: POST /auth, PUT /auth/reset-password, and GET /auth/session
 * (ours: the console re-reads the signed-in user with its token).
 */
import type { FastifyInstance } from 'fastify';
import {
  envelopeSchema,
  loginAnswerSchema,
  loginBodySchema,
  messages,
  resetRequestSchema,
  sessionUserSchema,
} from '@practica/contract';
import { ForbiddenError, RateLimitedError } from '../../errors.js';
import { AttemptLimiter } from '../../lib/attempt-limiter.js';
import { ok } from '../../lib/envelope.js';
import { nullAnswer, zodApp } from '../../lib/route-kit.js';
import { presentSessionUser } from './presenter.js';
import { requestPasswordReset } from '../users/index.js';
import { login } from './service.js';

export interface AuthRoutesOptions {
  secret: Uint8Array;
  sessionTtlSeconds: number;
  loginRatePerMinute: number;
  loginFailuresMax: number;
  loginFailuresWindowMs: number;
  resetMaxPerHour: number;
}

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const r = zodApp(app);
  const failedLogins = new AttemptLimiter(
    app.db,
    'sign-in',
    options.loginFailuresMax,
    options.loginFailuresWindowMs,
  );
  const resetRequests = new AttemptLimiter(
    app.db,
    'password-reset',
    options.resetMaxPerHour,
    3_600_000,
  );
  const perIp = { max: options.loginRatePerMinute, timeWindow: 60_000 };

  r.post(
    '/auth',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['session'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: envelopeSchema(loginAnswerSchema) },
      },
    },
    async (request) => {
      const answer = await login(
        {
          db: app.db,
          secret: options.secret,
          sessionTtlSeconds: options.sessionTtlSeconds,
          failedLogins,
        },
        request.body,
      );
      return ok(answer, messages.successfullyLogin);
    },
  );

  r.get(
    '/auth/session',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['session'],
        summary: 'The signed-in user (validates the stored token)',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(sessionUserSchema) },
      },
    },
    async (request) => {
      // An API token (decisions.md#api-tokens) is no session: it has no signed-in user to show.
      if (!request.account) throw new ForbiddenError();
      return ok(presentSessionUser(request.account));
    },
  );

  r.put(
    '/auth/reset-password',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['session'],
        summary:
          'Request a password reset link (answers success whether or not the address exists)',
        querystring: resetRequestSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      const key = request.query.email;
      const wait = await resetRequests.retryAfterSeconds(key);
      if (wait > 0) throw new RateLimitedError(messages.tooManyRequests, wait);
      await resetRequests.hit(key);
      await requestPasswordReset({ db: app.db, publicUrl: app.config.publicUrl }, key);
      return ok(null, messages.passwordResetLinkSent);
    },
  );
}
