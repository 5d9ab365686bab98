/**
 * The `/interviews` calls of 001 §7: the list (organizationId, authoring, status, authoredBy,
 * search, scope, paging; `contentId` for one interview with its roles and questions), one
 * interview, create, update and delete of a Draft interview.
 */
import type { FastifyInstance } from 'fastify';
import {
  envelopeSchema,
  idParamSchema,
  interviewFormSchema,
  interviewListItemSchema,
  interviewListQuerySchema,
  listSchema,
  messages,
  questionnaireSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, nullAnswer, secured, zodApp } from '../../lib/route-kit.js';
import * as service from './service.js';

const questionnaireAnswer = { 200: envelopeSchema(questionnaireSchema) };

/** Registers the interview routes (inside the `/api` prefix); every call needs a session. */
export async function interviewRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  r.get(
    '/interviews',
    {
      schema: {
        ...secured('interviews'),
        summary:
          'Interviews by organizationId, authoring (0 all, 1 authored, 2 assigned), status (6 all but Deleted; several with commas), authoredBy, search (3+), scope (2 assignable), paging; contentId adds roles and questions',
        querystring: interviewListQuerySchema,
        response: { 200: envelopeSchema(listSchema(interviewListItemSchema)) },
      },
    },
    async (request) =>
      ok(await service.listInterviewsFor(app.files, actorOf(request), request.query)),
  );

  r.get(
    '/interviews/:id',
    {
      schema: {
        ...secured('interviews'),
        summary: 'One interview with its roles and questions',
        params: idParamSchema,
        response: questionnaireAnswer,
      },
    },
    async (request) =>
      ok(
        await service.getQuestionnaireFor(
          app.files,
          actorOf(request),
          request.params.id,
          service.interviewTypes,
        ),
      ),
  );

  r.post(
    '/interviews',
    {
      schema: {
        ...secured('interviews'),
        summary:
          "Create a Draft interview with 1 to 4 roles (creator flag), in the creator's organization or general for an admin",
        body: interviewFormSchema,
        response: questionnaireAnswer,
      },
    },
    async (request) =>
      ok(
        await service.createInterview(app.files, actorOf(request), request.body),
        messages.interviewCreated,
      ),
  );

  r.put(
    '/interviews/:id',
    {
      schema: {
        ...secured('interviews'),
        summary:
          "Update a Draft interview's title, description and roles (the roles replace the current ones)",
        params: idParamSchema,
        body: interviewFormSchema,
        response: questionnaireAnswer,
      },
    },
    async (request) =>
      ok(
        await service.updateInterview(app.files, actorOf(request), request.params.id, request.body),
        messages.interviewUpdated,
      ),
  );

  r.delete(
    '/interviews/:id',
    {
      schema: {
        ...secured('interviews'),
        summary: 'Delete a Draft interview with its roles and questions',
        params: idParamSchema,
        response: nullAnswer,
      },
    },
    async (request) => {
      await service.deleteDraftContent(
        app.db,
        actorOf(request),
        request.params.id,
        service.interviewTypes,
      );
      return ok(null, messages.interviewDeleted);
    },
  );
}
