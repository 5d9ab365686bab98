/**
 * Review history and drafts (decisions.md#review-loop §5, §6): GET /assignments/answers/{id}/reviews and GET | PUT
 * | DELETE /assignments/answers/{id}/draft. Every call needs a session; the service enforces the
 * policy (404 another organization, then 403). PUT authorizes in a preValidation hook, so who may
 * call is checked before its body, as the review call does.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  envelopeSchema,
  idParamSchema,
  reviewDraftBodySchema,
  reviewDraftSchema,
  reviewHistorySchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, nullAnswer, secured, zodApp } from '../../lib/route-kit.js';
import type { AnswerFullRow } from '../answers/index.js';
import * as service from './service.js';

/** Registers the review history and draft routes (inside the `/api` prefix). */
export async function reviewHistoryRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/assignments/answers/:id/reviews',
    {
      schema: {
        ...secured('answers'),
        summary:
          'Every completed review of the answer, newest first: version, reviewer (null and reviewerName ' +
          '‘Deleted user’ once erased), createdAt, score, the ratings and feedback forms as the answer detail ' +
          'shows them, and the time-coded comments kept with each. Managers and admins see all; an instructor ' +
          'only the reviews it wrote; a trainee 403; another organization 404',
        params: idParamSchema,
        response: { 200: envelopeSchema(reviewHistorySchema) },
      },
    },
    async (request) =>
      ok(await service.reviewHistoryFor(app.db, actorOf(request), request.params.id)),
  );

  r.get(
    '/assignments/answers/:id/draft',
    {
      schema: {
        ...secured('answers'),
        summary:
          'The caller’s review in progress on the answer ({ratings, feedback: {questionId: text}, updatedAt}), ' +
          'or null. Reviewers only (as the review call); each reviewer has its own',
        params: idParamSchema,
        response: { 200: envelopeSchema(reviewDraftSchema.nullable()) },
      },
    },
    async (request) => ok(await service.draftFor(app.db, actorOf(request), request.params.id)),
  );

  const authorized = new WeakMap<FastifyRequest, AnswerFullRow>();
  r.put(
    '/assignments/answers/:id/draft',
    {
      schema: {
        ...secured('answers'),
        summary:
          'Save the caller’s review in progress on the answer: body {ratings, feedback}, each {questionId: text} ' +
          '(at most 100 per form, texts up to 5000 characters, empty for not answered yet); replaces the ' +
          'stored draft. Who may call is checked before the body. While another reviewer holds a live claim on ' +
          'the answer: 409 “Name is reviewing this answer” with that claim as data, nothing stored (take the ' +
          'claim over first). Answers the draft',
        params: idParamSchema,
        body: reviewDraftBodySchema,
        response: { 200: envelopeSchema(reviewDraftSchema) },
      },
      preValidation: async (request) => {
        const params = idParamSchema.safeParse(request.params);
        if (!params.success) return; // the validation answers 400
        authorized.set(
          request,
          await service.authorizeDraft(app.db, actorOf(request), params.data.id),
        );
      },
    },
    async (request) =>
      ok(
        await service.saveDraft(
          app.db,
          actorOf(request),
          authorized.get(request) ?? request.params.id,
          request.body,
        ),
      ),
  );

  r.delete(
    '/assignments/answers/:id/draft',
    {
      schema: {
        ...secured('answers'),
        summary: 'Discard the caller’s review in progress on the answer (none is fine)',
        params: idParamSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.discardDraft(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );
}
