/**
 * The staff's answers calls of 001 §7: GET /assignments/answers, GET /assignments/answers/{id} and
 * the review submit POST /assignments/interviews/answers/review/{id}. Every call needs a session;
 * the service enforces the policy (404 another organization, then 403) and the rules of 001 §4/§5.
 * The review call authorizes in a preValidation hook, so who may call is checked before its body.
 * Static segments win over the assignments module's `/assignments/{id}…` routes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  answerDetailQuerySchema,
  answerDetailSchema,
  answerListQuerySchema,
  answerListSchema,
  envelopeSchema,
  idParamSchema,
  messages,
  reviewBodySchema,
  reviewQuerySchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, zodApp } from '../../lib/route-kit.js';
import type { AnswerFullRow } from './repository.js';
import * as service from './service.js';

/** Registers the answers and review routes (inside the `/api` prefix); every call needs a session. */
export async function answerRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/assignments/answers',
    {
      schema: {
        ...secured('answers'),
        summary:
          'List answers, the latest submitted first (assignmentId, userId, status: answer status ids 1 Pending, 2 Submitted, ' +
          '3 Reviewed — one or a comma list —, organizationId for admins, includes: answers adds each row’s data with ' +
          'the items and latest review forms, for the report; page, pageSize default 100). Staff: their organization; ' +
          'admins: all; a trainee: only its own answers. The instructor dashboard’s Pending Review list is status=2',
        querystring: answerListQuerySchema,
        response: { 200: envelopeSchema(answerListSchema) },
      },
    },
    async (request) => ok(await service.listAnswersFor(app.files, actorOf(request), request.query)),
  );

  r.get(
    '/assignments/answers/:id',
    {
      schema: {
        ...secured('answers'),
        summary:
          'One answer (the review screen): data.interviewAnswer.answers, the items with their videos; the assignment ' +
          'with its interview (roles, questions), rating scale and feedback form (questions, options), avatars and ' +
          'environment; the latest ratingsAnswer and feedbackAnswer; questions in order for the player (each item is ' +
          'the one of data.interviewAnswer.answers with the question’s id), and canReview. Opening a non-Pending ' +
          'answer as a reviewer sets viewed. Answers an ETag, the review version (reviewVersion), the review call’s If-Match; ' +
          'claim: who is reviewing it now (decisions.md#review-loop §4), or null',
        params: idParamSchema,
        querystring: answerDetailQuerySchema,
        response: { 200: envelopeSchema(answerDetailSchema) },
      },
    },
    async (request, reply) => {
      const detail = await service.getAnswerFor(app.files, actorOf(request), request.params.id);
      void reply.header('etag', service.reviewEtag(detail));
      return ok(detail);
    },
  );

  /**
   * The review call (001 §3 'Review payload', §7). Two shapes: both forms in one call
   * (`answers: {ratings, feedback}`, the console), or one form per call (`answers: [{questionId,
   * text}]` answering the form `questionnaireID` names, the spec). Sent one form at a time, the
   * calls pair up by reviewer within the review round: the answer becomes Reviewed once the same
   * reviewer has sent both forms since the answer last became Reviewed (see service.ts). The
   * preValidation hook loads the answer as a reviewer (401/404/403) before the body is validated,
   * and hands it to the handler.
   */
  const authorized = new WeakMap<FastifyRequest, AnswerFullRow>();
  r.post(
    '/assignments/interviews/answers/review/:id',
    {
      schema: {
        ...secured('answers'),
        summary:
          'Submit a review of the answer `id` (the answer id, as on /dbl/reviews/{id}): body {traineeId?, questionnaireID?, ' +
          'score? (ignored: recomputed), answers} where answers is either {ratings: [{questionId, text}], feedback: ' +
          '[{questionId, text}]} (both forms in one call) or [{questionId, text}] (one form per call, the form named by ' +
          'questionnaireID) — every question of the form(s); ratings 1..5, single choice an option id, multiple choice ' +
          'comma-joined option ids, open questions text. Score = mean of the ratings. Sets Reviewed once both forms are ' +
          'in: sent one per call, when the same reviewer has sent both since the answer last became Reviewed. Each form ' +
          'sent is kept. Who may call is checked before the body. Answers the answer detail as GET /assignments/answers/{id} does. ' +
          'If-Match (decisions.md#review-loop §4; optional): the review version the reviewer opened (the detail’s ETag, e.g. "3"; * or a list ' +
          'allowed); a review completed meanwhile → 409 naming who reviewed it and when, with that review as data — unless ' +
          'it is the caller’s own review sent again (same If-Match, same answers: a double submit, a retried call), ' +
          'answered 200 as the answer stands with nothing written (one review, one review-ready mail)',
        params: idParamSchema,
        querystring: reviewQuerySchema,
        body: reviewBodySchema,
        response: { 200: envelopeSchema(answerDetailSchema) },
      },
      preValidation: async (request) => {
        const params = idParamSchema.safeParse(request.params);
        if (!params.success) return; // the validation answers 400
        authorized.set(
          request,
          await service.authorizeReview(app.db, actorOf(request), params.data.id),
        );
      },
    },
    async (request, reply) => {
      const detail = await service.submitReview(
        {
          db: app.db,
          urls: app.files.urls,
          publicUrl: app.config.publicUrl,
          reviewWrites: app.reviewStatementWrites,
          ifMatch: request.headers['if-match'],
        },
        actorOf(request),
        authorized.get(request) ?? request.params.id,
        request.query.userId,
        request.body,
      );
      void reply.header('etag', service.reviewEtag(detail));
      return ok(detail, messages.interviewReviewSubmitted);
    },
  );
}
