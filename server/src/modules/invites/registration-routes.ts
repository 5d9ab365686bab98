/**
 * The registration page's calls (000 §7 'Invites'): reading the invite of a link and registering
 * from it, without a session. GET /invites/{id} also answers staff with a session and a numeric
 * id (the invite itself).
 */
import { z } from 'zod';
import {
  envelopeSchema,
  inviteAcceptBodySchema,
  inviteItemSchema,
  invitePublicSchema,
  loginAnswerSchema,
  messages,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, type ZodApp } from '../../lib/route-kit.js';
import { signSessionToken } from '../../lib/session-token.js';
import { presentSessionUser } from '../auth/index.js';
import { findAccountById } from '../users/index.js';
import { presentInvite, presentInvitePublic } from './presenter.js';
import * as service from './service.js';

export interface RegistrationOptions {
  secret: Uint8Array;
  sessionTtlSeconds: number;
  /** Requests per IP per minute on the public accept call (the sign-in limit). */
  acceptRatePerMinute: number;
}

/** GET /invites/{id} and POST /invites/accept (answers a session, like POST /auth). */
export function registrationRoutes(r: ZodApp, options: RegistrationOptions): void {
  r.get(
    '/invites/:id',
    {
      schema: {
        tags: ['invites'],
        summary:
          'A numeric id with a session: the invite (admin, manager of its organization, the instructor who sent it). ' +
          `Otherwise the id is the registration link token (no session): the pending invite as the registration page shows it, or 404 "${messages.inviteInvalid}".`,
        params: z.object({ id: z.string().min(1, { error: messages.inviteInvalid }).max(512) }),
        response: { 200: envelopeSchema(z.union([inviteItemSchema, invitePublicSchema])) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (/^\d{1,9}$/.test(id) && request.headers.authorization) {
        await r.authenticate(request);
        return ok(presentInvite(await service.getInviteFor(r.db, actorOf(request), Number(id))));
      }
      return ok(presentInvitePublic(await service.getInviteByToken(r.db, id)));
    },
  );

  r.post(
    '/invites/accept',
    {
      config: { rateLimit: { max: options.acceptRatePerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['invites'],
        summary:
          "Register from an invite (no session): creates the user with the invite's role, organization and group, single use. " +
          'Answers the new session (token and session user, like POST /auth) so the registration page can sign in.',
        body: inviteAcceptBodySchema,
        response: { 200: envelopeSchema(loginAnswerSchema) },
      },
    },
    async (request) => {
      const userId = await service.acceptInvite(r.db, request.body);
      const account = (await findAccountById(r.db, userId))!;
      const token = await signSessionToken(
        options.secret,
        { userId, tokenVersion: account.tokenVersion },
        options.sessionTtlSeconds,
      );
      return ok({ ...presentSessionUser(account), token }, messages.userCreated);
    },
  );
}
