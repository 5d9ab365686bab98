/**
 * The trainees' resumable answer-video uploads: a tus 1.0.0 endpoint (`@tus/server` over
 * `@tus/file-store`, or `@tus/s3-store` with STORAGE_DRIVER=s3) at /api/me/uploads (`answerVideoUploadPath`), registered inside the /api
 * prefix. The steps and rules are uploads.ts's; this file speaks the protocol:
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
import { EVENTS, Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import {
  answerVideoUploadPath,
  messages,
  videoMaxBytes,
  type Actor,
  type ErrorBody,
} from '@practica/contract';
import { AppError, NotFoundError, UnauthorizedError } from '../../errors.js';
import { fail, ok } from '../../lib/envelope.js';
import { StorageUnavailableError } from '../../lib/storage/index.js';
import { discardPendingUpload, storageFailure } from '../files/index.js';
import {
  beginAnswerVideo,
  finishAnswerVideo,
  isUploadRefusal,
  parseAnswerVideoMetadata,
} from './uploads.js';

/** What one tus request carries between the route and the protocol's hooks. */
interface Exchange {
  actor: Actor | null;
  /** The failure the protocol answered with, for the envelope. */
  failure?: unknown;
  /** The reserved file of the upload a DELETE cancels, and the bytes it had received. */
  cancelled?: { fileId: number; receivedBytes: number };
  /** The upload a POST creates and its reserved file, once the reservation is made. */
  created?: { uploadId: string; fileId: number };
}

/** The envelope and status of a refused tus request: the rules' own error, else by status. */
function refusal(
  status: number,
  failure: unknown,
  requestId: string,
): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (failure instanceof AppError) {
    return {
      status: failure.statusCode,
      body: {
        code: failure.code,
        message: failure.message,
        ...(failure.details ? { details: failure.details } : {}),
      },
      ...(failure.headers ? { headers: failure.headers } : {}),
    };
  }
  if (status === 404 || status === 410)
    return { status, body: { code: 'NOT_FOUND', message: messages.notFound } };
  if (status === 409) return { status, body: { code: 'CONFLICT', message: messages.conflict } };
  if (status === 413)
    return { status, body: { code: 'TOO_LARGE', message: messages.fileTooLarge } };
  if (status >= 500 && status !== 501) {
    return {
      status: 500,
      body: { code: 'INTERNAL', message: messages.somethingWentWrong, requestId },
    };
  }
  return { status, body: { code: 'VALIDATION', message: messages.requestUnreadable } };
}

/** Registers the tus endpoint (inside the `/api` prefix, after `filesPlugin` and the auth plugin). */
export async function meUploadRoutes(app: FastifyInstance): Promise<void> {
  const files = app.files;
  const { store } = app.partialUploads;
  const exchanges = new WeakMap<Request, Exchange>();

  /** The signed-in trainee of a tus request (the route authenticated it before the protocol ran). */
  const actorOf = (req: Request): Actor => {
    const actor = exchanges.get(req)?.actor;
    if (!actor) throw new UnauthorizedError();
    return actor;
  };

  /**
   * The stored upload `id` when it is `actor`'s own; 404 otherwise (unknown, expired or
   * another's). A failing store throws (503), never 404.
   */
  const ownUpload = async (actor: Actor, id: string): Promise<Upload> => {
    const upload = await store.getUpload(id).catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) throw error;
      return undefined;
    });
    if (!upload || upload.metadata?.['userId'] !== String(actor.id)) throw new NotFoundError();
    return upload;
  };

  /** Removes an upload's partial bytes and record; one already gone is fine. */
  const removePartial = (id: string) =>
    store
      .remove(id)
      .catch((err: unknown) => app.log.debug({ err }, 'partial upload already removed'));

  const tus = new Server({
    path: answerVideoUploadPath,
    datastore: store,
    maxSize: videoMaxBytes,
    relativeLocation: true,
    // Same origin only, like the rest of the API: no CORS header.
    allowedOrigins: [],
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      const upload = await ownUpload(actorOf(req), id);
      if (req.method === 'DELETE') {
        const fileId = Number(upload.metadata?.['fileId']);
        const exchange = exchanges.get(req);
        if (exchange && Number.isInteger(fileId)) {
          exchange.cancelled = { fileId, receivedBytes: upload.offset };
        }
      }
    },
    async onUploadCreate(req, upload) {
      const actor = actorOf(req);
      const metadata = parseAnswerVideoMetadata(upload.metadata);
      const fileId = await beginAnswerVideo(files, actor, metadata, upload.size);
      const exchange = exchanges.get(req);
      if (exchange) exchange.created = { uploadId: upload.id, fileId };
      return {
        metadata: { ...upload.metadata, userId: String(actor.id), fileId: String(fileId) },
      };
    },
    async onUploadFinish(req, upload) {
      const actor = actorOf(req);
      try {
        const result = await finishAnswerVideo(
          files,
          actor,
          {
            fileId: Number(upload.metadata?.['fileId']),
            metadata: parseAnswerVideoMetadata(upload.metadata),
          },
          await store.read(upload.id),
          upload.size ?? 0,
        );
        return {
          // A PATCH's 204 carries no body; a POST keeps its 201 and Location.
          ...(req.method === 'PATCH' ? { status_code: 200 } : {}),
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify(ok(result, messages.answersSaved)),
        };
      } catch (error) {
        // Refused: nothing is kept. Our own failure (the store's 503 included): the complete
        // upload stays, and a PATCH at its full offset (what tus clients send on retry) finishes
        // it again.
        if (isUploadRefusal(error)) await removePartial(upload.id);
        throw error;
      }
    },
    onResponseError(req, error) {
      const err = storageFailure(error) as typeof error;
      const exchange = exchanges.get(req);
      if (exchange) exchange.failure = err;
      const status =
        err instanceof AppError ? err.statusCode : 'status_code' in err ? err.status_code : 500;
      // 501: an extension the endpoint does not offer (concatenation), the client's mistake.
      if (status >= 500 && status !== 501) app.log.error({ err }, 'tus upload failed');
      return undefined;
    },
  });
  // A finished upload's bytes are in the files module's storage now.
  tus.on(EVENTS.POST_FINISH, (_req: Request, _res: Response, upload: Upload) => {
    void removePartial(upload.id);
  });

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
    if (exchange.cancelled !== undefined && response.status === 204) {
      // Left to the sweep of unfinished uploads (a day) if this fails.
      const { fileId, receivedBytes } = exchange.cancelled;
      await discardPendingUpload(files, fileId, receivedBytes).catch((err: unknown) =>
        app.log.error({ err }, 'could not give up the reservation of a cancelled upload'),
      );
    }
    if (exchange.created !== undefined && response.status >= 400) {
      // A creation the store failed: its reservation goes back (an upload the store holds stays).
      const { uploadId, fileId } = exchange.created;
      const held = await store.getUpload(uploadId).then(
        () => true,
        () => false,
      );
      if (!held) {
        await discardPendingUpload(files, fileId).catch((err: unknown) =>
          app.log.error({ err }, 'could not give up the reservation of a failed creation'),
        );
      }
    }
    if (response.status >= 400) {
      const refused = refusal(response.status, exchange.failure, String(request.id));
      const headers = new Headers(response.headers);
      headers.set('content-type', 'application/json; charset=utf-8');
      headers.delete('content-length');
      for (const [name, value] of Object.entries(refused.headers ?? {})) headers.set(name, value);
      response = new Response(JSON.stringify(fail(refused.body)), {
        status: refused.status,
        headers,
      });
    }
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
