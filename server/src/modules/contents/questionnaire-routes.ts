/**
 * The `/questionnaires` calls of 001 §7 (evaluations: rating scales and feedback forms): the list
 * (organizationId, contentTypeId, authoring, status, authoredBy, search, scope, paging), one
 * questionnaire, create, update and delete of a Draft evaluation.
 */
import type { FastifyInstance } from 'fastify';
import {
  contentListItemSchema,
  envelopeSchema,
  evaluationFormSchema,
  idParamSchema,
  listSchema,
  messages,
  questionnaireCreateQuerySchema,
  questionnaireListQuerySchema,
  questionnaireSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, nullAnswer, secured, zodApp } from '../../lib/route-kit.js';
import * as service from './service.js';

const questionnaireAnswer = { 200: envelopeSchema(questionnaireSchema) };

/** Registers the questionnaire routes (inside the `/api` prefix); every call needs a session. */
export async function questionnaireRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/questionnaires',
    {
      schema: {
        ...secured('questionnaires'),
        summary:
          'Evaluations by organizationId, contentTypeId (2 rating scales, 3 feedback; absent both), authoring, status, authoredBy, search (3+), scope, paging',
        querystring: questionnaireListQuerySchema,
        response: { 200: envelopeSchema(listSchema(contentListItemSchema)) },
      },
    },
    async (request) => {
      const { contentTypeId, ...query } = request.query;
      return ok(
        await service.listContentsFor(
          app.db,
          actorOf(request),
          query,
          contentTypeId !== undefined ? [contentTypeId] : service.evaluationTypes,
        ),
      );
    },
  );

  r.get(
    '/questionnaires/:id',
    {
      schema: {
        ...secured('questionnaires'),
        summary:
          'One questionnaire (any content type) with its questions and, for interviews, roles',
        params: idParamSchema,
        response: questionnaireAnswer,
      },
    },
    async (request) =>
      ok(await service.getQuestionnaireFor(app.files, actorOf(request), request.params.id)),
  );

  r.post(
    '/questionnaires',
    {
      schema: {
        ...secured('questionnaires'),
        summary:
          "Create a Draft rating scale (contentTypeId=2) or feedback form (3) (creator flag), in the creator's organization or general for an admin",
        querystring: questionnaireCreateQuerySchema,
        body: evaluationFormSchema,
        response: questionnaireAnswer,
      },
    },
    async (request) =>
      ok(
        await service.createEvaluation(
          app.files,
          actorOf(request),
          request.query.contentTypeId,
          request.body,
        ),
        messages.evaluationCreated,
      ),
  );

  r.put(
    '/questionnaires/:id',
    {
      schema: {
        ...secured('questionnaires'),
        summary: "Update a Draft evaluation's title and description",
        params: idParamSchema,
        body: evaluationFormSchema,
        response: questionnaireAnswer,
      },
    },
    async (request) =>
      ok(
        await service.updateEvaluation(
          app.files,
          actorOf(request),
          request.params.id,
          request.body,
        ),
        messages.evaluationUpdated,
      ),
  );

  r.delete(
    '/questionnaires/:id',
    {
      schema: {
        ...secured('questionnaires'),
        summary: 'Delete a Draft evaluation with its questions',
        params: idParamSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.deleteDraftContent(
        app.db,
        actorOf(request),
        request.params.id,
        service.evaluationTypes,
      );
      return ok(null, messages.evaluationDeleted);
    },
  );
}
