/**
 * Time-coded comments of a review (decisions.md#review-loop §3): GET and POST /assignments/answers/{id}/comments,
 * PATCH and DELETE /assignments/answers/{id}/comments/{commentId}. Every call needs a session; a
 * preValidation hook loads the answer as a reviewer (401/404/403) before the body is validated,
 * as the review call does, and hands it to the handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  envelopeSchema,
  idParamSchema,
  reviewCommentCreateSchema,
  reviewCommentDeletedSchema,
  reviewCommentListSchema,
  reviewCommentParamsSchema,
  reviewCommentSchema,
  reviewCommentUpdateSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, zodApp } from '../../lib/route-kit.js';
import type { AnswerFullRow } from '../answers/index.js';
import * as service from './service.js';

/** Registers the comment routes (inside the `/api` prefix); every call needs a session. */
export async function reviewCommentRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  /** The answer each call's preValidation authorized, for its handler. */
  const authorized = new WeakMap<FastifyRequest, AnswerFullRow>();
  const preValidation = async (request: FastifyRequest): Promise<void> => {
    const params = idParamSchema.safeParse(request.params);
    if (!params.success) return; // the validation answers 400
    authorized.set(
      request,
      await service.authorizeComments(app.db, actorOf(request), params.data.id),
    );
  };
  const answerOf = (request: FastifyRequest & { params: { id: number } }) =>
    authorized.get(request) ?? request.params.id;

  r.get(
    '/assignments/answers/:id/comments',
    {
      schema: {
        ...secured('answers'),
        summary:
          'The time-coded comments the review screen’s player shows on the answer `id`: those of its latest review and ' +
          'my drafts, by question, time (atMs, milliseconds) and id. Staff who may review the answer',
        params: idParamSchema,
        response: { 200: envelopeSchema(reviewCommentListSchema) },
      },
      preValidation,
    },
    async (request) => ok(await service.listComments(app.db, actorOf(request), answerOf(request))),
  );

  r.post(
    '/assignments/answers/:id/comments',
    {
      schema: {
        ...secured('answers'),
        summary:
          'Add a draft comment {questionId, atMs, text} pinned to atMs milliseconds of the video answering questionId ' +
          '(a question of the interview; atMs 0..3600000; text 1..2000 characters, line breaks kept). Allowed while ' +
          'the caller may review the answer (the review call’s 400s otherwise). Submitting the caller’s review ' +
          'attaches its drafts. Who may call is checked before the body',
        params: idParamSchema,
        body: reviewCommentCreateSchema,
        response: { 200: envelopeSchema(reviewCommentSchema) },
      },
      preValidation,
    },
    async (request) =>
      ok(await service.createComment(app.db, actorOf(request), answerOf(request), request.body)),
  );

  r.patch(
    '/assignments/answers/:id/comments/:commentId',
    {
      schema: {
        ...secured('answers'),
        summary:
          'Change my draft comment {text?, atMs?}. Another’s comment: 403; a comment of a submitted review: 409',
        params: reviewCommentParamsSchema,
        body: reviewCommentUpdateSchema,
        response: { 200: envelopeSchema(reviewCommentSchema) },
      },
      preValidation,
    },
    async (request) =>
      ok(
        await service.updateComment(
          app.db,
          actorOf(request),
          answerOf(request),
          request.params.commentId,
          request.body,
        ),
      ),
  );

  r.delete(
    '/assignments/answers/:id/comments/:commentId',
    {
      schema: {
        ...secured('answers'),
        summary:
          'Delete my draft comment. Another’s comment: 403; a comment of a submitted review: 409',
        params: reviewCommentParamsSchema,
        response: { 200: envelopeSchema(reviewCommentDeletedSchema) },
      },
      preValidation,
    },
    async (request) =>
      ok(
        await service.deleteComment(
          app.db,
          actorOf(request),
          answerOf(request),
          request.params.commentId,
        ),
      ),
  );
}
