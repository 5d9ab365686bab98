/**
 * The tus side of the trainees' answer-video uploads (uploads-routes.ts speaks HTTP): the
 * `@tus/server` over the app's partial-upload store and its locker in the database (any copy of
 * the server takes any request of an upload), its hooks that apply the rules of uploads.ts
 * (an upload bound to its creator, the reservation of a file, the stored answer item once the
 * last byte arrived), and what a request leaves to settle once the protocol answered: the
 * reservation of a cancelled or failed upload, and a refusal as the API's envelope.
 */
import { EVENTS, Server, type Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
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
export interface Exchange {
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

/**
 * The tus server of /api/me/uploads over the app's partial-upload store (`app.partialUploads`).
 * Its hooks read each request's `Exchange` from `exchanges` (the actor the route authenticated)
 * and write back what the route settles afterwards (`settleReservation`, `asEnvelope`).
 */
export function answerVideoProtocol(
  app: FastifyInstance,
  exchanges: WeakMap<Request, Exchange>,
): Server {
  const files = { ...app.files, mediaProcessing: app.media.processing };
  const { store, locker } = app.partialUploads;

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
    // In the database: two requests of one upload on two copies of the server are serialized.
    locker,
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
          // On S3 the finished object is copied inside the bucket, not streamed through here.
          upload.storage?.type === 's3' && upload.storage.path
            ? { objectKey: upload.storage.path }
            : await store.read(upload.id),
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

  return tus;
}

/**
 * After the protocol answered `status`: a cancelled upload (DELETE, 204) gives up its file's
 * reservation with the bytes it had received, and a creation the store failed gives its
 * reservation back unless the store holds the upload. A failure here is logged and left to the
 * sweep of unfinished uploads (a day).
 */
export async function settleReservation(
  app: FastifyInstance,
  exchange: Exchange,
  status: number,
): Promise<void> {
  const files = { ...app.files, mediaProcessing: app.media.processing };
  const { store } = app.partialUploads;
  if (exchange.cancelled !== undefined && status === 204) {
    const { fileId, receivedBytes } = exchange.cancelled;
    await discardPendingUpload(files, fileId, receivedBytes).catch((err: unknown) =>
      app.log.error({ err }, 'could not give up the reservation of a cancelled upload'),
    );
  }
  if (exchange.created !== undefined && status >= 400) {
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
}

/**
 * The protocol's answer as the API answers: a refusal (status 400 and up) becomes the envelope
 * with the catalogue message of `refusal` (its status and headers too); any other answer is
 * returned as it is.
 */
export function asEnvelope(response: Response, exchange: Exchange, requestId: string): Response {
  if (response.status < 400) return response;
  const refused = refusal(response.status, exchange.failure, requestId);
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  for (const [name, value] of Object.entries(refused.headers ?? {})) headers.set(name, value);
  return new Response(JSON.stringify(fail(refused.body)), { status: refused.status, headers });
}
