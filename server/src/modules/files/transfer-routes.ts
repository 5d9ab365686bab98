/**
 * The signed transfer calls of the files module (000 §7 'Files', decisions.md#files), at the root
 * like a storage endpoint (registered by `filesPlugin`, outside /api): the signed
 * PUT /files/upload/<key> (raw bytes, any content type) and the signed
 * GET /files/<key>?expires=&signature= (serving with Range support; 403 for a missing, tampered
 * or expired signature). With S3 storage the PUT URL handed out is the bucket's own, and the GET
 * answers a 302 to a presigned GET of the bucket (`presignedReadSeconds` at most, never past our
 * URL's expiry), so Range and seeking are the store's. The request log shows neither the keys nor
 * the signatures (plugins/logger.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelopeSchema, imageRefSchema, videoMaxBytes } from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { contentDisposition } from './presenter.js';
import { parseRange } from './range.js';
import { depsOf } from './routes.js';
import { openFile, receiveUpload, storageFailure, type FilesDeps } from './service.js';

/** The longest a presigned GET of the store lives (S3 reads), in seconds: five minutes. */
const presignedReadSeconds = 5 * 60;

/**
 * Caching as long as the URL lives, never longer: a key's bytes never change (a new upload gets a
 * new key), so within its lifetime the answer is immutable. `expires` in Unix seconds.
 */
function cacheControlUntil(expires: number): string {
  const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
  return `private, max-age=${maxAge}, immutable`;
}

/**
 * Serves the file of a signed GET /files/<key>: a 302 to the store's presigned GET with S3, else
 * the bytes (200, 206 for a Range, 304 for a matching If-None-Match, 416 for an unsatisfiable
 * range). 403 for a bad signature, 404 for an unknown key (`openFile`).
 */
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
