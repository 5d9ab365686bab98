/**
 * The trainees' resumable answer-video uploads: a tus 1.0.0 endpoint (`@tus/server` over
 * `@tus/file-store`, or `@tus/s3-store` with STORAGE_DRIVER=s3) at /api/me/uploads (`answerVideoUploadPath`), registered inside the /api
 * prefix. The steps and rules are uploads.ts's, the tus server and its hooks uploads-protocol.ts's;
 * this file speaks HTTP:
 *
 * - POST /api/me/uploads (`Upload-Length`, `Upload-Metadata`: assignmentId, questionId, filetype,
 *   filename, duration) creates an upload (201, `Location: /api/me/uploads/<id>`); HEAD answers
 *   its `Upload-Offset`; PATCH appends from that offset; DELETE cancels it (204); OPTIONS tells
 *   the protocol's version, extensions and `Tus-Max-Size` (100 MB) without a session. No GET: a
 *   finished video is served by the files module's signed URLs.
 * - Every other call needs a trainee's bearer session, checked before anything is read or stored
 *   (401 / 403 in the envelope). An upload is bound to its creator: another user's HEAD, PATCH or
 *   DELETE of it answers 404.
 * - The request that brings the last byte (a PATCH, or a POST carrying the whole video) answers
 *   200 (POST: 201) with the envelope `{success, data: {fileId, url}}` once the video is stored and
 *   saved as my answer item; a refusal then (wrong magic bytes: 400) keeps nothing, a failure of
 *   the server's own (500, or the store's 503) keeps the complete upload for the client's retry.
 * - Every refusal is the envelope with a catalogue message, whether it comes from the rules or from
 *   the protocol (404 unknown upload, 409 wrong offset, 413 over the declared length, …).
 * - A store that fails or refuses a call (S3 unreachable, a multipart call refused, a disk that
 *   cannot be written) answers 503 'Storage is unavailable, try again later.' with a Retry-After,
 *   on every method: never 500, and never 404 for an upload the store could not be asked about,
 *   so a client resumes it once the store is back.
 * - A cancelled upload's bytes (DELETE: its offset) and a refused one's stay counted in the
 *   trainee's daily volume (the files module's ledger).
 * - Partial uploads live in the app's tus store (`app.partialUploads`, partial-uploads.ts: a
 *   folder, or the bucket with S3), which removes those not finished in 24 hours. A finished upload
 *   is read back from its store and stored like every file (the same checks), then its partial
 *   objects are removed. Uploads are locked in one process's memory:
 *   run one server per DATA_DIR (with S3: one server per bucket for resumable uploads).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { storageFailure } from '../files/index.js';
import {
  answerVideoProtocol,
  asEnvelope,
  settleReservation,
  type Exchange,
} from './uploads-protocol.js';

/** Registers the tus endpoint (inside the `/api` prefix, after `filesPlugin` and the auth plugin). */
export async function meUploadRoutes(app: FastifyInstance): Promise<void> {
  const exchanges = new WeakMap<Request, Exchange>();
  const tus = answerVideoProtocol(app, exchanges);

  // The protocol reads the body itself: every content type passes through unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.method === 'OPTIONS') return;
    await app.authenticate(request);
    request.authorize('answer:practice', { userId: request.actor!.id });
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const req = new NodeRequest({ req: request.raw, res: reply.raw });
    const exchange: Exchange = { actor: request.actor };
    exchanges.set(req, exchange);
    let response: Response;
    try {
      response = await tus.handleWeb(req);
    } catch (error) {
      exchange.failure = storageFailure(error);
      app.log.error({ err: error }, 'tus upload failed');
      response = new Response(null, { status: 500 });
    }
    await settleReservation(app, exchange, response.status);
    response = asEnvelope(response, exchange, String(request.id));
    reply.raw.setHeader('x-request-id', String(request.id));
    try {
      await sendNodeResponse(reply.raw, response);
    } catch (err) {
      // The client went away (a dropped upload): what arrived is kept for its resume.
      request.log.debug({ err }, 'tus answer not delivered');
    }
  };

  // POST creates on the collection only; the other methods address one upload.
  app.route({ method: ['POST', 'OPTIONS'], url: '/me/uploads', schema: { hide: true }, handler });
  app.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/me/uploads/*',
    schema: { hide: true },
    handler,
  });
}
