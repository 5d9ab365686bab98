/**
 * The trainees' mobile API under `/me/…` (decisions.md#assignments-and-answers), tagged 'mobile'
 * in OpenAPI. Every call needs a trainee's session (staff: 403). Videos arrive by the resumable
 * upload at /me/uploads (uploads-routes.ts), which saves each finished one as the question's item,
 * or through POST /files/upload (fileTypeId 3 Video, mp4 or webm, at most 100 MB) and the signed PUT
 * before PUT /me/assignments/{id}/answers. File URLs in the answers are signed and expire
 * (files/url.ts): read them again for fresh ones.
 */
import type { FastifyInstance } from 'fastify';
import {
  envelopeSchema,
  idParamSchema,
  meAnswerItemsBodySchema,
  meAnswerSchema,
  meAssignmentDetailSchema,
  meAssignmentListQuerySchema,
  meAssignmentListSchema,
  messages,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, zodApp } from '../../lib/route-kit.js';
import * as service from './service.js';

const answerReply = { 200: envelopeSchema(meAnswerSchema) };

/** Registers the mobile routes (inside the `/api` prefix); every call needs a session. */
export async function meRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/me/assignments',
    {
      schema: {
        ...secured('mobile'),
        summary:
          'My Active assignments (past their due date only once my answer is no longer Pending), the nearest due ' +
          'date first, each with my answer ' +
          '(status 1 Pending, 2 Submitted, 3 Reviewed; practiceCounter; score when Reviewed), questionsCount, ' +
          'answeredCount and canAnswer (Pending). Trainees only',
        querystring: meAssignmentListQuerySchema,
        response: { 200: envelopeSchema(meAssignmentListSchema) },
      },
    },
    async (request) =>
      ok(await service.listMyAssignmentsFor(app.db, actorOf(request), request.query)),
  );

  r.get(
    '/me/assignments/:id',
    {
      schema: {
        ...secured('mobile'),
        summary:
          'One assignment I am on, for practice: the interview’s questions in order (number, text, role name, ' +
          'the avatar chosen for the role with its image URL, audio prompt URLs — `audio` is the one of that avatar), ' +
          'the roles, the environment with its image and my answer with its items; canAnswer; review: when my answer ' +
          'is Reviewed, my latest review (score x of 5, reviewedAt, reviewer, ratings with stars, feedback answers in ' +
          'the forms’ order), else null. 404 when not mine, or not Active (Closed: only once my answer is Reviewed)',
        params: idParamSchema,
        response: { 200: envelopeSchema(meAssignmentDetailSchema) },
      },
    },
    async (request) =>
      ok(await service.getMyAssignment(app.files, actorOf(request), request.params.id)),
  );

  r.post(
    '/me/assignments/:id/practice',
    {
      schema: {
        ...secured('mobile'),
        summary:
          'Start a practice: adds one to my answer’s practiceCounter. Only while my answer is Pending, the assignment ' +
          'Active and its due date not passed (400 otherwise). Answers my answer',
        params: idParamSchema,
        response: answerReply,
      },
    },
    async (request) =>
      ok(
        await service.startPractice(app.files, actorOf(request), request.params.id),
        messages.practiceStarted,
      ),
  );

  r.put(
    '/me/assignments/:id/answers',
    {
      schema: {
        ...secured('mobile'),
        summary:
          'Save my recorded answers: items [{questionId, fileId, duration (seconds), text?}], one per question of the ' +
          'interview, each file a Ready Video file I uploaded. Replaces my items of those questions, keeps the others. ' +
          'Only while Pending, Active and before the due date. Answers my answer',
        params: idParamSchema,
        body: meAnswerItemsBodySchema,
        response: answerReply,
      },
    },
    async (request) =>
      ok(
        await service.saveMyItems(
          { ...app.files, mediaProcessing: app.media.processing },
          actorOf(request),
          request.params.id,
          request.body,
        ),
        messages.answersSaved,
      ),
  );

  r.post(
    '/me/assignments/:id/submit',
    {
      schema: {
        ...secured('mobile'),
        summary:
          'Submit my answer: every question needs a recorded video (400 naming the missing ones); then Submitted with ' +
          'submittedAt. A second submit is a 400. Answers my answer',
        params: idParamSchema,
        response: answerReply,
      },
    },
    async (request) =>
      ok(
        await service.submitMine(app.files, actorOf(request), request.params.id),
        messages.answersSubmitted,
      ),
  );
}
