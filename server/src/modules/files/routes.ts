/**
 * File routes (000 §7 'Files', decisions.md#files).
 *
 * - `fileRoutes`, registered under /api: POST /files/upload, POST /files/{id}/complete and
 *   GET /files (signed in).
 * - `fileTransferRoutes`, at the root like a storage endpoint: the signed PUT /files/upload/<key>
 *   (raw bytes, any content type) and the signed GET /files/<key>?expires=&signature= (serving
 *   with Range support; 403 for a missing, tampered or expired signature). With S3 storage the
 *   PUT URL handed out is the bucket's own, and the GET answers a 302 to a presigned GET of the
 *   bucket (`presignedReadSeconds` at most, never past our URL's expiry), so Range and seeking
 *   are the store's. The request log shows neither the keys nor the signatures
 *   (plugins/logger.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  idParamSchema,
  fileListQuerySchema,
  fileSchema,
  imageRefSchema,
  listSchema,
  uploadRequestSchema,
  uploadTicketSchema,
  videoMaxBytes,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { contentDisposition } from './presenter.js';
import { parseRange } from './range.js';
import {
  completeOwnUpload,
  createUpload,
  listOwnFiles,
  openFile,
  receiveUpload,
  storageFailure,
  type FilesDeps,
} from './service.js';

/** The longest a presigned GET of the store lives (S3 reads), in seconds: five minutes. */
export const presignedReadSeconds = 5 * 60;

declare module 'fastify' {
  interface FastifyInstance {
    /** Storage, signer and database of the files module (set by `filesPlugin`). */
    files: FilesDeps;
  }
}

function depsOf(app: FastifyInstance): FilesDeps {
  if (!app.hasDecorator('files')) {
    throw new Error('register filesPlugin before fileRoutes');
  }
  return app.files;
}

/** POST /files/upload and GET /files; register under the /api prefix after `filesPlugin`. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const deps = depsOf(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      return ok(await createUpload(deps, request.actor!, request.body));
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
      return ok(await completeOwnUpload(deps, request.actor!, request.params.id));
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
    async (request) => ok(await listOwnFiles(deps, request.actor!, request.query)),
  );
}

/**
 * Caching as long as the URL lives, never longer: a key's bytes never change (a new upload gets a
 * new key), so within its lifetime the answer is immutable. `expires` in Unix seconds.
 */
function cacheControlUntil(expires: number): string {
  const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
  return `private, max-age=${maxAge}, immutable`;
}

async function serveFile(deps: FilesDeps, request: FastifyRequest, reply: FastifyReply) {
  const key = (request.params as { '*': string })['*'];
  const query = request.query as Record<string, unknown>;
  const { row, size, expires } = await openFile(deps, key, query['expires'], query['signature']);
  if (deps.storage.presignGet) {
    const left = expires - Math.floor(Date.now() / 1000);
    const location = await deps.storage
      .presignGet(row.storageKey, {
        expiresSeconds: Math.min(presignedReadSeconds, left),
        contentType: row.contentType,
        contentDisposition: contentDisposition(row),
        method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      })
      .catch((error: unknown) => {
        throw storageFailure(error);
      });
    return reply
      .code(302)
      .header('location', location)
      .header('cache-control', 'private, no-store')
      .send();
  }
  const etag = `"${row.id}-${size}"`;
  reply
    .header('content-type', row.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(row))
    .header('accept-ranges', 'bytes')
    .header('cache-control', cacheControlUntil(expires))
    .header('etag', etag);
  if (row.completedAt) reply.header('last-modified', row.completedAt.toUTCString());

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  const ifRange = request.headers['if-range'];
  const range =
    ifRange && ifRange !== etag
      ? { kind: 'full' as const }
      : parseRange(request.headers.range, size);
  if (range.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${size}`)
      .removeHeader('content-disposition')
      .type('text/plain; charset=utf-8')
      .send('');
  }
  if (range.kind === 'partial') {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(deps.storage.createReadStream(row.storageKey, range));
  }
  return reply
    .header('content-length', String(size))
    .send(deps.storage.createReadStream(row.storageKey));
}

/**
 * The signed PUT and file serving, outside /api. The PUT takes the raw body of any content type
 * as a stream (a parser scoped to it) up to the largest limit (videos, 100 MB); each type's own
 * limit is enforced while streaming.
 */
export async function fileTransferRoutes(app: FastifyInstance): Promise<void> {
  const deps = depsOf(app);

  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.put(
      '/files/upload/*',
      {
        bodyLimit: videoMaxBytes,
        schema: { hide: true, response: { 200: envelopeSchema(imageRefSchema) } },
      },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        try {
          const ref = await receiveUpload(deps, {
            key: (request.params as { '*': string })['*'],
            expires: query['expires'],
            signature: query['signature'],
            contentLength: request.headers['content-length'],
            body: (request.body as Readable | undefined) ?? Readable.from([]),
          });
          return ok(ref);
        } catch (error) {
          // Refused before the whole body arrived: answer, then close instead of reading it all.
          if (!request.raw.readableEnded) reply.header('connection', 'close');
          throw error;
        }
      },
    );
  });

  app.get('/files/*', { compress: false, schema: { hide: true } }, async (request, reply) =>
    serveFile(deps, request, reply),
  );
}
