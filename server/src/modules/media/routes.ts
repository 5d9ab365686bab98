/**
 * The staff's media route (decisions.md#media §2): POST /answers/{answerId}/items/{itemId}/media/retry. It
 * authorizes like the review call, in a preValidation hook (the session, then the answer as a
 * reviewer: 404 another organization's, 403 not a reviewer), and answers the item.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  answerItemParamsSchema,
  answerItemSchema,
  envelopeSchema,
  messages,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { zodApp } from '../../lib/route-kit.js';
import { authorizeReview, type AnswerFullRow } from '../answers/index.js';
import { retryItemMedia } from './service.js';

/** Registers the media routes (inside the `/api` prefix); every call needs a session. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);
  const authorized = new WeakMap<FastifyRequest, AnswerFullRow>();

  r.post(
    '/answers/:answerId/items/:itemId/media/retry',
    {
      schema: {
        security: [{ bearer: [] }],
        tags: ['answers'],
        summary:
          'Process the video of an answer item again after its processing failed (staff who may review the answer): ' +
          'its media becomes processing and a new media job is queued. 409 unless the item’s media is failed. ' +
          'Answers the item as GET /assignments/answers/{id} shows it',
        params: answerItemParamsSchema,
        response: { 200: envelopeSchema(answerItemSchema) },
      },
      preValidation: async (request) => {
        const params = answerItemParamsSchema.safeParse(request.params);
        if (!params.success) return; // the validation answers 400
        authorized.set(
          request,
          await authorizeReview(app.db, request.actor!, params.data.answerId),
        );
      },
    },
    async (request) =>
      ok(
        await retryItemMedia(
          { db: app.db, urls: app.files.urls, mediaProcessing: app.media.processing },
          request.actor!,
          authorized.get(request) ?? request.params.answerId,
          request.params.itemId,
        ),
        messages.mediaRetried,
      ),
  );
}
