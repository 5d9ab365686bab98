/**
 * The review claim calls (decisions.md#review-loop §4 'Claims'): POST and DELETE /assignments/answers/{id}/claim.
 * Every call needs a session; an onRequest-time preValidation hook loads the answer as a reviewer
 * (401/404/403) before the body is validated, and hands it to the handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  envelopeSchema,
  idParamSchema,
  reviewClaimBodySchema,
  reviewClaimSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, nullAnswer, secured, zodApp } from '../../lib/route-kit.js';
import type { ClaimTargetRow } from './repository.js';
import * as service from './service.js';

/** Registers the claim routes (inside the `/api` prefix); every call needs a session. */
export async function reviewClaimRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  const authorized = new WeakMap<FastifyRequest, ClaimTargetRow>();
  /** Loads the answer as a reviewer before the body is read (404 other organization, 403 trainee). */
  const authorize = async (request: FastifyRequest) => {
    const params = idParamSchema.safeParse(request.params);
    if (!params.success) return; // the validation answers 400
    authorized.set(request, await service.authorizeClaim(app.db, actorOf(request), params.data.id));
  };
  const targetOf = async (request: FastifyRequest & { params: { id: number } }) =>
    authorized.get(request) ??
    (await service.authorizeClaim(app.db, actorOf(request), request.params.id));

  r.post(
    '/assignments/answers/:id/claim',
    {
      schema: {
        ...secured('answers'),
        summary:
          'Claim the answer `id` for review for 10 minutes (decisions.md#review-loop §4): free, expired or the caller’s own claim → the ' +
          'caller’s (the holder’s call renews expiresAt, keeps claimedAt); held by another → 409 “Name is reviewing this ' +
          'answer” with that claim as data, unless {takeOver: true} (recorded in the audit log). Reviewers only; the ' +
          'answer must be able to take a review (400 as the review call)',
        params: idParamSchema,
        body: reviewClaimBodySchema,
        response: { 200: envelopeSchema(reviewClaimSchema) },
      },
      preValidation: authorize,
    },
    async (request) =>
      ok(
        await service.claimAnswer(
          app.db,
          actorOf(request),
          await targetOf(request),
          request.body?.takeOver === true,
        ),
      ),
  );

  r.delete(
    '/assignments/answers/:id/claim',
    {
      schema: {
        ...secured('answers'),
        summary:
          'Release the caller’s claim on the answer `id` (decisions.md#review-loop §4); another reviewer’s claim is left as it is. Reviewers only',
        params: idParamSchema,
        response: nullAnswer,
      },
      preValidation: authorize,
    },
    async (request) => {
      await service.releaseClaim(app.db, actorOf(request), await targetOf(request));
      return ok(null);
    },
  );
}
