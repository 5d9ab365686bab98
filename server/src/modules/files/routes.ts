/**
 * File routes (000 §7 'Files', decisions.md#files).
 *
 * - `fileRoutes` (this file), registered under /api: POST /files/upload, POST /files/{id}/complete
 *   and GET /files (signed in).
 * - `fileTransferRoutes` (transfer-routes.ts), at the root like a storage endpoint: the signed PUT
 *   /files/upload/<key> and the signed GET /files/<key>, registered by `filesPlugin`.
 */
import type { FastifyInstance } from 'fastify';
import {
  envelopeSchema,
  idParamSchema,
  fileListQuerySchema,
  fileSchema,
  imageRefSchema,
  listSchema,
  uploadRequestSchema,
  uploadTicketSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, zodApp } from '../../lib/route-kit.js';
import { completeOwnUpload, createUpload, listOwnFiles, type FilesDeps } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Storage, signer and database of the files module (set by `filesPlugin`). */
    files: FilesDeps;
  }
}

/** The files module's deps of `app`; throws when `filesPlugin` was not registered first. */
export function depsOf(app: FastifyInstance): FilesDeps {
  if (!app.hasDecorator('files')) {
    throw new Error('register filesPlugin before fileRoutes');
  }
  return app.files;
}

/** POST /files/upload and GET /files; register under the /api prefix after `filesPlugin`. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const deps = depsOf(app);
  const r = zodApp(app);

  r.post(
    '/files/upload',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['files'],
        summary: 'Start an upload: answers the file id and a signed PUT URL (15 minutes)',
        description:
          'Declare name, extension, fileTypeId (MediaType: Image 1, Audio 2, Video 3) and optionally size in bytes ' +
          "(the spec's id 0 or null and file are accepted and ignored). " +
          'Images png/jpg/jpeg/gif/webp ≤ 300 KB, audio mp3 ≤ 500 KB, video mp4/webm ≤ 100 MB. ' +
          'Then PUT the raw bytes to `url` (any Content-Type); the answer carries `{id, url}` of the stored file, ' +
          '`url` being its signed read URL (about an hour). ' +
          'The file becomes usable (e.g. as imageId) once the PUT succeeded. ' +
          "With object storage (STORAGE_DRIVER=s3) `url` is the bucket's presigned URL (the size, when declared, " +
          "is the only length it accepts) and its answer is the store's: POST /files/{id}/complete then answers " +
          '`{id, url}`, and the file is checked at the latest when first used. ' +
          'Each user may upload UPLOAD_MAX_BYTES_PER_DAY bytes in 24 hours (429 beyond, here and at the PUT).',
        security: [{ bearer: [] }],
        body: uploadRequestSchema,
        response: { 200: envelopeSchema(uploadTicketSchema) },
      },
    },
    async (request) => {
      request.authorize('file:upload');
      return ok(await createUpload(deps, actorOf(request), request.body));
    },
  );

  r.post(
    '/files/:id/complete',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['files'],
        summary: 'Finish my upload: answers {id, url} once its bytes passed the checks',
        description:
          'Call after the PUT to the upload URL. Checks the stored bytes (real size against the type and the ' +
          'daily volume: 413, 429; magic bytes: 400) and answers `{id, url}` like the PUT to our own URL does; ' +
          'a file already complete is answered as it is. 400 while no bytes arrived, 404 for an upload that ' +
          'is not mine. Needed with object storage (STORAGE_DRIVER=s3), where the PUT goes to the bucket; ' +
          'otherwise the id also becomes usable when first used (e.g. as imageId).',
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: envelopeSchema(imageRefSchema) },
      },
    },
    async (request) => {
      request.authorize('file:upload');
      return ok(await completeOwnUpload(deps, actorOf(request), request.params.id));
    },
  );

  r.get(
    '/files',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['files'],
        summary: "The signed-in user's uploaded files (complete ones), newest first",
        security: [{ bearer: [] }],
        querystring: fileListQuerySchema,
        response: { 200: envelopeSchema(listSchema(fileSchema)) },
      },
    },
    async (request) => {
      // One's own uploads, for whoever may upload (an API token may not: decisions.md#api-tokens §2).
      request.authorize('file:upload');
      return ok(await listOwnFiles(deps, actorOf(request), request.query));
    },
  );
}
