/**
 * The `/questions` calls of 001 §7: one question, create (POST /questions?contentId=), update
 * (PUT /questions/{id}?contentId=) and delete, while the content is Draft.
 */
import type { FastifyInstance } from 'fastify';
import {
  envelopeSchema,
  idParamSchema,
  messages,
  questionContentQuerySchema,
  questionFormSchema,
  questionSchema,
} from '@practica/contract';
import { ValidationError } from '../../errors.js';
import { ok } from '../../lib/envelope.js';
import { actorOf, nullAnswer, secured, zodApp } from '../../lib/route-kit.js';
import * as questions from './question-service.js';

const questionAnswer = { 200: envelopeSchema(questionSchema) };

/** Registers the question routes (inside the `/api` prefix); every call needs a session. */
export async function questionRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/questions/:id',
    {
      schema: {
        ...secured('questions'),
        summary: 'One question with its options and audio rows',
        params: idParamSchema,
        response: questionAnswer,
      },
    },
    async (request) =>
      ok(await questions.getQuestionFor(app.files, actorOf(request), request.params.id)),
  );

  r.post(
    '/questions',
    {
      schema: {
        ...secured('questions'),
        summary:
          'Add a question to a Draft content (contentId in the query, or in the body): type by content, options, audio rows, interview role',
        querystring: questionContentQuerySchema,
        body: questionFormSchema,
        response: questionAnswer,
      },
    },
    async (request) => {
      const contentId = request.query.contentId ?? (request.body.contentId || undefined);
      if (contentId === undefined) {
        throw new ValidationError(messages.idInvalid, [
          { path: 'contentId', message: messages.idInvalid },
        ]);
      }
      return ok(
        await questions.createQuestion(app.files, actorOf(request), contentId, request.body),
        messages.questionCreated,
      );
    },
  );

  r.put(
    '/questions/:id',
    {
      schema: {
        ...secured('questions'),
        summary:
          'Update a question of a Draft content: its fields, options and audio rows (interviewRoleId left out keeps the role)',
        params: idParamSchema,
        querystring: questionContentQuerySchema,
        body: questionFormSchema,
        response: questionAnswer,
      },
    },
    async (request) =>
      ok(
        await questions.updateQuestionFor(
          app.files,
          actorOf(request),
          request.params.id,
          request.query.contentId,
          request.body,
        ),
        messages.questionUpdated,
      ),
  );

  r.delete(
    '/questions/:id',
    {
      schema: {
        ...secured('questions'),
        summary: 'Delete a question of a Draft content',
        params: idParamSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await questions.deleteQuestionFor(app.db, actorOf(request), request.params.id);
      return ok(null, messages.questionDeleted);
    },
  );
}
