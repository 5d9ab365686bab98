/**
 * Files (000 §7 'Files', decisions.md#files): POST /api/files/upload, the signed PUT,
 * GET /api/files, serving with Range support, the sweep of unfinished uploads, and the storage
 * driver, signer and range parser underneath. The route tests run once per storage driver: the
 * local disk, and S3 against a real S3 protocol server (helpers/s3-server.ts), where the PUT goes
 * to the bucket's presigned URL, `POST /api/files/{id}/complete` answers what our own PUT answers,
 * and reads follow the redirect to the bucket. Tests of what only our own PUT URL or our own
 * serving does (its signature, chunked bodies, its caching headers) run with the local disk.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audioMaxBytes,
  imageMaxBytes,
  MediaType,
  messages,
  Role,
  uploadUrlLifetimeMs,
  videoMaxBytes,
  type Actor,
} from '@practica/contract';
import { FileStatus, files } from '../../src/db/schema/index.js';
import {
  LocalDiskStorage,
  StorageConflictError,
  StorageKeyError,
  StorageLimitError,
  StorageUnavailableError,
  isStorageKey,
  newStorageKey,
} from '../../src/lib/storage/index.js';
import { sweepPendingUploads } from '../../src/modules/files/deletions.js';
import { parseRange } from '../../src/modules/files/range.js';
import { requireUsableFile, safeDisplayName } from '../../src/modules/files/service.js';
import { createReadSigner, createUploadSigner } from '../../src/modules/files/signing.js';
import { defaultFileUrlLifetimeMs } from '../../src/modules/files/url.js';
import { redactUrl } from '../../src/plugins/logger.js';
import { bearer, testSecret, tokenFor, type TestContext } from '../helpers/build.js';
import * as media from '../helpers/media-fixtures.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { buildWithPlugins } from '../helpers/with-plugins.js';

type Driver = 'local' | 's3';
const drivers: Driver[] = ['local', 's3'];

let ctx: TestContext;
let manager: string;
let manager2: string;
let trainee: string;
let s3: TestS3Server | undefined;

/** Builds the app on `driver` for the tests of the enclosing describe (and its S3 server). */
function useApp(driver: Driver) {
  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3Server();
    ctx = await buildWithPlugins(driver === 's3' ? s3!.env : {});
    [manager, manager2, trainee] = await Promise.all([
      tokenFor(ctx.app, 'manager@demo.test'),
      tokenFor(ctx.app, 'manager2@demo.test'),
      tokenFor(ctx.app, 'trainee@demo.test'),
    ]);
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
    s3 = undefined;
  });
}

/** `it` for what only the local disk's own PUT URL and serving do; skipped with S3. */
const localOnly = (driver: Driver) => (driver === 'local' ? it : it.skip);

/** The upload (id and uploader's token) behind each PUT URL handed out, for `put` with S3. */
const uploadsByUrl = new Map<string, { id: number; token: string }>();

/** What `put` and `read` answer with either storage: the status, headers and body. */
interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
  body: string;
  json: LightMyRequestResponse['json'];
}

/** A fetch answer (the bucket's) as an `Answer`. */
async function answerOf(res: Response): Promise<Answer> {
  const rawPayload = Buffer.from(await res.arrayBuffer());
  const body = rawPayload.toString();
  return {
    statusCode: res.status,
    headers: Object.fromEntries(res.headers),
    rawPayload,
    body,
    json: <T>() => JSON.parse(body) as T,
  };
}

/**
 * GET (or HEAD) a file URL the API handed out, following the redirect to the bucket with S3
 * (the same headers sent there).
 */
async function read(
  url: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
): Promise<Answer> {
  const res = await ctx.app.inject({ method, url, headers });
  if (res.statusCode !== 302) return res;
  return answerOf(await fetch(String(res.headers['location']), { method, headers }));
}

const db = () => ctx.testDb.database.db;

/** The shape of a signed read URL of `key` (url.ts): `/files/<key>?expires=<s>&signature=<43>`. */
const signedUrlOf = (key: string) =>
  new RegExp(`^/files/${key.replace(/[.]/g, '\\.')}\\?expires=\\d+&signature=[\\w-]{43}$`);

interface UploadBody {
  id?: number | null;
  name?: unknown;
  extension?: unknown;
  fileTypeId?: unknown;
  size?: unknown;
}

async function startUpload(token: string | null, body: UploadBody) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: token ? bearer(token) : {},
    payload: body as object,
  });
  if (res.statusCode === 200 && token) {
    const { id, url } = res.json().data as { id: number; url: string };
    uploadsByUrl.set(url, { id, token });
  }
  return res;
}

/** POST then answer the signed URL and the file id (throws unless 200). */
async function ticket(
  body: Partial<UploadBody> = {},
  token = manager,
): Promise<{ id: number; url: string; key: string }> {
  const res = await startUpload(token, {
    name: 'photo.png',
    extension: 'png',
    fileTypeId: MediaType.Image,
    size: media.png.length,
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(`upload start failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { id: number; url: string };
  return { ...data, key: (await rowOf(data.id))!.storageKey };
}

/**
 * PUTs `payload` to an upload URL and answers what our own PUT answers: with S3 the bytes go to
 * the bucket, then `POST /api/files/{id}/complete` (as the uploader) checks them.
 */
async function put(
  url: string,
  payload: Buffer | Readable,
  contentType = 'application/octet-stream',
): Promise<Answer> {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  if (!/^https?:/.test(url)) return ctx.app.inject({ method: 'PUT', url, headers, payload });
  const stored = await fetch(url, { method: 'PUT', headers, body: payload as Buffer });
  if (!stored.ok) return answerOf(stored);
  const upload = uploadsByUrl.get(url)!;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/files/${upload.id}/complete`,
    headers: bearer(upload.token),
  });
}

async function rowOf(id: number) {
  const [row] = await db().select().from(files).where(eq(files.id, id));
  return row;
}

async function fileCount(): Promise<number> {
  const [c] = await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(files);
  return c!.n;
}

/** Uploads `bytes` completely and answers the public URL. */
async function uploaded(
  bytes: Buffer,
  body: Partial<UploadBody> = {},
  token = manager,
): Promise<{ id: number; url: string; key: string }> {
  const t = await ticket({ size: bytes.length, ...body }, token);
  const res = await put(t.url, bytes);
  if (res.statusCode !== 200) throw new Error(`PUT failed: ${res.statusCode} ${res.body}`);
  return { id: t.id, url: res.json().data.url as string, key: t.key };
}

describe.each(drivers)('with %s storage', (driver) => {
  useApp(driver);

  describe('POST /api/files/upload', () => {
    it('answers 401 without a token or with a bad one, and creates nothing', async () => {
      const before = await fileCount();
      const body = { name: 'a.png', extension: 'png', fileTypeId: 1, size: 10 };
      expect((await startUpload(null, body)).statusCode).toBe(401);
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        headers: bearer('not.a.token'),
        payload: body,
      });
      expect(bad.statusCode).toBe(401);
      expect(await fileCount()).toBe(before);
    });

    it.each([
      ['no name', { extension: 'png', fileTypeId: 1, size: 10 }],
      ['a blank name', { name: '  ', extension: 'png', fileTypeId: 1, size: 10 }],
      ['a negative size', { name: 'a.png', extension: 'png', fileTypeId: 1, size: -1 }],
      ['a zero size', { name: 'a.png', extension: 'png', fileTypeId: 1, size: 0 }],
      ['a fractional size', { name: 'a.png', extension: 'png', fileTypeId: 1, size: 1.5 }],
      ['a text fileTypeId', { name: 'a.png', extension: 'png', fileTypeId: 'image', size: 10 }],
    ])('answers 400 for %s', async (_label, body) => {
      const before = await fileCount();
      const res = await startUpload(manager, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        data: null,
        error: { code: 'VALIDATION' },
      });
      expect(await fileCount()).toBe(before);
    });

    it.each([
      [
        'an image as exe',
        { extension: 'exe', fileTypeId: MediaType.Image },
        messages.fileTypeNotAllowed,
      ],
      [
        'an image as svg',
        { extension: 'svg', fileTypeId: MediaType.Image },
        messages.fileTypeNotAllowed,
      ],
      ['audio as wav', { extension: 'wav', fileTypeId: MediaType.Audio }, messages.audioMustBeMp3],
      [
        'a video as mov',
        { extension: 'mov', fileTypeId: MediaType.Video },
        messages.fileTypeNotAllowed,
      ],
      [
        'a Text media type',
        { extension: 'txt', fileTypeId: MediaType.Text },
        messages.fileTypeNotAllowed,
      ],
      ['an unknown media type', { extension: 'png', fileTypeId: 99 }, messages.fileTypeNotAllowed],
    ])('answers 400 for %s with the message', async (_label, body, message) => {
      const res = await startUpload(manager, { name: 'x', size: 10, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it.each([
      [MediaType.Image, 'png', imageMaxBytes, messages.imageTooLarge],
      [MediaType.Audio, 'mp3', audioMaxBytes, messages.audioTooLarge],
      [MediaType.Video, 'mp4', videoMaxBytes, messages.fileTooLarge],
    ])(
      'answers 413 when the declared size of type %i is over its limit, and accepts the limit itself',
      async (fileTypeId, extension, limit, message) => {
        const before = await fileCount();
        const over = await startUpload(manager, {
          name: 'big',
          extension,
          fileTypeId,
          size: limit + 1,
        });
        expect(over.statusCode).toBe(413);
        expect(over.json()).toMatchObject({
          success: false,
          message,
          error: { code: 'TOO_LARGE', message },
        });
        expect(await fileCount()).toBe(before);
        const at = await startUpload(manager, { name: 'big', extension, fileTypeId, size: limit });
        expect(at.statusCode).toBe(200);
      },
    );

    it('uses the spec wording for images: File size exceeds 300KB. Please choose a smaller file.', async () => {
      const res = await startUpload(manager, {
        name: 'a',
        extension: 'jpg',
        fileTypeId: 1,
        size: 400_000,
      });
      expect(res.json().message).toBe('File size exceeds 300KB. Please choose a smaller file.');
    });

    localOnly(driver)(
      'answers {id, url} with a signed PUT URL and creates a Pending row of the actor and its organization',
      async () => {
        const res = await startUpload(manager, {
          id: 77,
          name: 'Avatar.PNG',
          extension: '.PNG',
          fileTypeId: MediaType.Image,
          size: 1234,
        });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ success: true, error: null });
        expect(Object.keys(body.data).sort()).toEqual(['id', 'url']);
        expect(body.data.url).toMatch(
          /^\/files\/upload\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png\?expires=\d+&signature=[\w-]{43}$/,
        );
        const expires = Number(new URL(body.data.url, 'http://x').searchParams.get('expires'));
        const lifetimeS = expires - Date.now() / 1000;
        expect(lifetimeS).toBeGreaterThan(uploadUrlLifetimeMs / 1000 - 5);
        expect(lifetimeS).toBeLessThanOrEqual(uploadUrlLifetimeMs / 1000);
        const row = await rowOf(body.data.id);
        const session = await ctx.app.inject({
          url: '/api/auth/session',
          headers: bearer(manager),
        });
        const me = session.json().data as { id: number; organizationId: number };
        expect(row).toMatchObject({
          status: FileStatus.Pending,
          name: 'Avatar.PNG',
          extension: 'png',
          fileTypeId: MediaType.Image,
          contentType: 'image/png',
          declaredSize: 1234,
          size: null,
          createdById: me.id,
          organizationId: me.organizationId,
        });
        expect(body.data.id).not.toBe(77);
      },
    );

    it("accepts the spec's fields {id, name, extension, fileTypeId, file}: id 0 or null, no size (the PUT checks the real one)", async () => {
      // 000 §7 'Files' / 001 §7: a client written from the spec sends its local file object too.
      for (const id of [0, null]) {
        const res = await startUpload(manager, {
          id,
          name: 'spec.png',
          extension: 'png',
          fileTypeId: MediaType.Image,
          file: { name: 'spec.png', extension: 'png' },
        } as UploadBody);
        expect(res.statusCode, `id ${id}: ${res.body}`).toBe(200);
        const { id: fileId, url } = res.json().data as { id: number; url: string };
        expect(fileId).toBeGreaterThan(0);
        expect((await rowOf(fileId))!.declaredSize).toBe(0);
        const stored = await put(url, media.png);
        expect(stored.statusCode).toBe(200);
        expect(await rowOf(fileId)).toMatchObject({
          status: FileStatus.Ready,
          size: media.png.length,
        });
      }
      const noSize = await startUpload(manager, {
        id: null,
        name: 'big.png',
        extension: 'png',
        fileTypeId: MediaType.Image,
      });
      expect(noSize.statusCode).toBe(200);
      const over = await put(noSize.json().data.url, media.padTo(media.png, imageMaxBytes + 1));
      expect(over.statusCode).toBe(413);
      expect(over.json().message).toBe(messages.imageTooLarge);
      const badId = await startUpload(manager, {
        id: -1,
        name: 'a.png',
        extension: 'png',
        fileTypeId: MediaType.Image,
      });
      expect(badId.statusCode).toBe(400);
    });

    it('lets every signed-in role upload (file:upload), trainees included', async () => {
      const t = await ticket({}, trainee);
      expect(t.id).toBeGreaterThan(0);
    });
  });

  describe('PUT /files/upload/<key> (the signed URL)', () => {
    it.each([
      ['png', MediaType.Image, media.png, 'image/png'],
      ['jpg', MediaType.Image, media.jpeg, 'image/jpeg'],
      ['jpeg', MediaType.Image, media.jpeg, 'image/jpeg'],
      ['gif', MediaType.Image, media.gif, 'image/gif'],
      ['webp', MediaType.Image, media.webp, 'image/webp'],
      ['mp3', MediaType.Audio, media.mp3, 'audio/mpeg'],
      ['mp4', MediaType.Video, media.mp4, 'video/mp4'],
      ['webm', MediaType.Video, media.webm, 'video/webm'],
    ])(
      'stores real %s bytes, marks the row Ready and serves them back',
      async (ext, type, bytes, mime) => {
        const t = await ticket({
          name: `clip.${ext}`,
          extension: ext,
          fileTypeId: type,
          size: bytes.length,
        });
        const res = await put(t.url, bytes, mime);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          success: true,
          message: 'OK',
          data: { id: t.id, url: expect.stringMatching(signedUrlOf(t.key)) },
          error: null,
        });
        const row = await rowOf(t.id);
        expect(row).toMatchObject({ status: FileStatus.Ready, size: bytes.length });
        expect(row!.completedAt).toBeInstanceOf(Date);
        const served = await read(res.json().data.url);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(mime);
        expect(served.rawPayload.equals(bytes)).toBe(true);
      },
    );

    it('accepts the raw body whatever the Content-Type says, or without one', async () => {
      for (const type of [
        'image/png',
        'application/json',
        'text/plain',
        'multipart/form-data; boundary=x',
        '',
      ]) {
        const t = await ticket();
        const res = await put(t.url, media.png, type);
        expect(res.statusCode, `content-type ${type || '(none)'}`).toBe(200);
      }
    });

    it('accepts an image of exactly 300 KB', async () => {
      const bytes = media.padTo(media.png, imageMaxBytes);
      const t = await ticket({ size: bytes.length });
      expect((await put(t.url, bytes)).statusCode).toBe(200);
      expect((await rowOf(t.id))!.size).toBe(imageMaxBytes);
    });

    it('refuses real bytes over the limit with 413 although the declared size lied, storing nothing', async () => {
      const t = await ticket({ size: 100 });
      const bytes = media.padTo(media.png, imageMaxBytes + 1);
      const res = await put(t.url, bytes);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, message: messages.imageTooLarge });
      expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
      expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
      expect((await read(ctx.app.files.urls.sign(t.key))).statusCode).toBe(404);
    });

    localOnly(driver)(
      'counts streamed bytes when there is no Content-Length (chunked), refusing past the limit',
      async () => {
        const t = await ticket({
          name: 'a.mp3',
          extension: 'mp3',
          fileTypeId: MediaType.Audio,
          size: 100,
        });
        const bytes = media.padTo(media.mp3, audioMaxBytes + 1);
        const chunks = Array.from({ length: Math.ceil(bytes.length / 16_384) }, (_, i) =>
          bytes.subarray(i * 16_384, (i + 1) * 16_384),
        );
        const res = await put(t.url, Readable.from(chunks));
        expect(res.statusCode).toBe(413);
        expect(res.json().message).toBe(messages.audioTooLarge);
        expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
        expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
      },
    );

    localOnly(driver)(
      'answers 503 when the disk cannot be written, storing nothing; the same PUT succeeds later',
      async () => {
        const t = await ticket();
        // A storage root that is a plain file: no folder can be made under it.
        const folder = await mkdtemp(path.join(os.tmpdir(), 'practica-broken-disk-'));
        await writeFile(path.join(folder, 'root'), 'not a folder');
        const broken = new LocalDiskStorage(path.join(folder, 'root'));
        const storage = ctx.app.files.storage;
        const working = storage.put.bind(storage);
        storage.put = (key, stream, maxBytes) => broken.put(key, stream, maxBytes);
        try {
          const res = await ctx.app.inject({ method: 'PUT', url: t.url, payload: media.png });
          expect(res.statusCode).toBe(503);
          expect(res.json()).toMatchObject({
            success: false,
            message: messages.storageUnavailable,
            error: { code: 'UNAVAILABLE' },
          });
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        } finally {
          storage.put = working;
          await rm(folder, { recursive: true, force: true });
        }
        expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
        expect(await storage.stat(t.key)).toBeNull();
        expect((await put(t.url, media.png)).statusCode).toBe(200);
      },
    );

    localOnly(driver)('stores a chunked body within the limit', async () => {
      const t = await ticket({
        name: 'a.mp3',
        extension: 'mp3',
        fileTypeId: MediaType.Audio,
        size: 100,
      });
      const bytes = media.padTo(media.mp3, 50_000);
      const res = await put(
        t.url,
        Readable.from([bytes.subarray(0, 10), bytes.subarray(10, 5000), bytes.subarray(5000)]),
      );
      expect(res.statusCode).toBe(200);
      expect((await rowOf(t.id))!.size).toBe(50_000);
      const served = await read(res.json().data.url);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    });

    it.each([
      ['JPEG bytes declared as png', { extension: 'png' }, media.jpeg, messages.fileTypeNotAllowed],
      [
        'HTML declared as png',
        { extension: 'png' },
        Buffer.from('<html><script>alert(1)</script></html>'),
        messages.fileTypeNotAllowed,
      ],
      [
        'SVG declared as gif',
        { extension: 'gif' },
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        messages.fileTypeNotAllowed,
      ],
      [
        'PNG bytes declared as mp3',
        { extension: 'mp3', fileTypeId: MediaType.Audio },
        media.png,
        messages.audioMustBeMp3,
      ],
      [
        'WebM bytes declared as mp4',
        { extension: 'mp4', fileTypeId: MediaType.Video },
        media.webm,
        messages.fileTypeNotAllowed,
      ],
      ['an empty body', { extension: 'png' }, Buffer.alloc(0), messages.fileTypeNotAllowed],
    ])('refuses %s with 400, storing nothing', async (_label, body, bytes, message) => {
      const t = await ticket({ size: 100, ...body });
      const res = await put(t.url, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
      expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
      expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
    });

    describe.skipIf(driver === 's3')('signature (our own PUT URL)', () => {
      async function expect403(url: string) {
        const res = await put(url, media.png);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({
          success: false,
          message: messages.tokenInvalidOrExpired,
        });
      }

      it('refuses an expired URL with 403 and keeps the upload Pending', async () => {
        const t = await ticket();
        const signer = createUploadSigner(testSecret, uploadUrlLifetimeMs);
        await expect403(signer.sign(t.key, Date.now() - uploadUrlLifetimeMs - 2000));
        expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
        expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
      });

      it('refuses tampered URLs with 403', async () => {
        const t = await ticket();
        const other = await ticket();
        const u = new URL(t.url, 'http://x');
        const sig = u.searchParams.get('signature')!;
        const exp = u.searchParams.get('expires')!;
        const flipped = sig.slice(0, 10) + (sig[10] === 'A' ? 'B' : 'A') + sig.slice(11);
        const lastFlipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
        await expect403(`/files/upload/${t.key}?expires=${exp}&signature=${flipped}`);
        await expect403(`/files/upload/${t.key}?expires=${exp}&signature=${lastFlipped}`);
        await expect403(`/files/upload/${t.key}?expires=${Number(exp) + 3600}&signature=${sig}`);
        await expect403(`/files/upload/${other.key}?expires=${exp}&signature=${sig}`);
        await expect403(`/files/upload/${t.key}?expires=${exp}`);
        await expect403(`/files/upload/${t.key}`);
        await expect403(`/files/upload/${t.key}?expires=${exp}&signature=${sig}&signature=${sig}`);
        const foreign = createUploadSigner(
          'another-secret-another-secret-0123456789',
          uploadUrlLifetimeMs,
        );
        await expect403(foreign.sign(t.key));
        expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
        // The genuine URL still works afterwards.
        expect((await put(t.url, media.png)).statusCode).toBe(200);
      });

      it('refuses keys of another shape, including traversal attempts, with 403', async () => {
        const signer = createUploadSigner(testSecret, uploadUrlLifetimeMs);
        for (const key of ['2024/01/..%2F..%2Fetc.png', '2024/01/ABC.png', '2024/01/x.png', 'x']) {
          await expect403(signer.sign(key));
        }
        // Dot segments are resolved before routing: the request never reaches the upload route.
        const dotted = await put(signer.sign('../../etc/passwd'), media.png);
        expect(dotted.statusCode).toBe(404);
      });

      it('answers 404 for a well-signed key without an upload, and 409 for one already complete', async () => {
        const signer = createUploadSigner(testSecret, uploadUrlLifetimeMs);
        const res = await put(signer.sign(newStorageKey('png')), media.png);
        expect(res.statusCode).toBe(404);
        const t = await ticket();
        expect((await put(t.url, media.png)).statusCode).toBe(200);
        const again = await put(t.url, media.jpeg);
        expect(again.statusCode).toBe(409);
        const served = await read(ctx.app.files.urls.sign(t.key));
        expect(served.rawPayload.equals(media.png)).toBe(true);
      });
    });

    it('keeps path-like names as display names only: the key is random and the file is served safely', async () => {
      const f = await uploaded(media.png, { name: '../../etc/passwd.png' });
      expect(f.key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
      expect((await rowOf(f.id))!.name).toBe('passwd.png');
      const served = await read(f.url);
      expect(served.headers['content-disposition']).toBe(
        `inline; filename="passwd.png"; filename*=UTF-8''passwd.png`,
      );
      // Control characters are refused (decisions.md#hardening §11), path parts and quotes are kept harmless.
      const crlf = await startUpload(manager, {
        name: 'C:\\Users\\me\\"weird"\r\nname ü.png',
        extension: 'png',
        fileTypeId: MediaType.Image,
        size: media.png.length,
      });
      expect(crlf.statusCode).toBe(400);
      const windows = await uploaded(media.png, { name: 'C:\\Users\\me\\"weird"name ü.png' });
      const w = await read(windows.url);
      const disposition = String(w.headers['content-disposition']);
      expect(disposition).not.toMatch(/[\r\n]/);
      expect(disposition).toBe(
        `inline; filename="_weird_name _.png"; filename*=UTF-8''%22weird%22name%20%C3%BC.png`,
      );
    });
  });

  describe('GET /files/<key> (serving)', () => {
    let served: { id: number; url: string; key: string };
    const bytes = media.padTo(media.mp4, 1000);
    for (let i = media.mp4.length; i < bytes.length; i++) bytes[i] = i % 251;
    beforeAll(async () => {
      served = await uploaded(bytes, {
        name: 'answer.mp4',
        extension: 'mp4',
        fileTypeId: MediaType.Video,
      });
    });
    const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      read(served.url, headers, method);

    localOnly(driver)(
      'serves the bytes with Content-Type, nosniff, inline disposition, ranges and caching no longer than the URL lives, without a session',
      async () => {
        const res = await get();
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(bytes)).toBe(true);
        expect(res.headers).toMatchObject({
          'content-type': 'video/mp4',
          'x-content-type-options': 'nosniff',
          'content-disposition': `inline; filename="answer.mp4"; filename*=UTF-8''answer.mp4`,
          'accept-ranges': 'bytes',
          'content-length': '1000',
        });
        const expires = Number(new URL(served.url, 'http://x').searchParams.get('expires'));
        const maxAge = Number(
          /^private, max-age=(\d+), immutable$/.exec(String(res.headers['cache-control']))?.[1],
        );
        expect(maxAge).toBeGreaterThan(0);
        expect(maxAge).toBeLessThanOrEqual(expires - Math.floor(Date.now() / 1000));
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers['etag']).toBeTruthy();
      },
    );

    it('answers HEAD with the headers and no body', async () => {
      const res = await get({}, 'HEAD');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe('1000');
      expect(res.rawPayload.length).toBe(0);
    });

    // With S3 the ranges are the store's: the edge cases below (suffix, past the end, unusable)
    // are what our own serving does; the tests' S3 server (s3rver) parses them its own way.
    const ranges = [
      ['bytes=0-3', 0, 3],
      ['bytes=100-199', 100, 199],
      ['bytes=990-', 990, 999],
    ] as const;
    const edgeRanges = [
      ['bytes=-5', 995, 999],
      ['bytes=998-5000', 998, 999],
      ['bytes=-5000', 0, 999],
    ] as const;
    it.each([...ranges, ...(driver === 'local' ? edgeRanges : [])])(
      'answers 206 with exactly the bytes of %s',
      async (range, start, end) => {
        const res = await get({ range });
        expect(res.statusCode).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
        expect(res.headers['content-length']).toBe(String(end - start + 1));
        expect(res.headers['content-type']).toBe('video/mp4');
        expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
      },
    );

    localOnly(driver).each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])(
      'answers 416 for %s',
      async (range) => {
        const res = await get({ range });
        expect(res.statusCode).toBe(416);
        expect(res.headers['content-range']).toBe('bytes */1000');
      },
    );

    localOnly(driver).each(['items=0-3', 'bytes=5-2', 'bytes=0-1,5-6', 'bytes=x-y'])(
      'ignores the unusable Range %s and answers the whole file',
      async (range) => {
        const res = await get({ range });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.length).toBe(1000);
      },
    );

    localOnly(driver)(
      'answers 304 for a matching If-None-Match and the whole file for a stale If-Range',
      async () => {
        const etag = String((await get()).headers['etag']);
        expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
        const stale = await get({ range: 'bytes=0-3', 'if-range': '"other"' });
        expect(stale.statusCode).toBe(200);
        const fresh = await get({ range: 'bytes=0-3', 'if-range': etag });
        expect(fresh.statusCode).toBe(206);
      },
    );

    it('answers 404 for a well-signed Pending upload, unknown key or malformed path', async () => {
      const pending = await ticket();
      for (const key of [pending.key, newStorageKey('png'), '2024/01/passwd.png', 'etc/passwd']) {
        const res = await ctx.app.inject({ url: ctx.app.files.urls.sign(key) });
        expect(res.statusCode, key).toBe(404);
      }
    });

    it('answers 403 in the envelope for unsigned paths, traversal attempts included', async () => {
      for (const url of [
        `/files/${served.key}`,
        '/files/2024/01/..%2F..%2Fpasswd.png',
        '/files/',
      ]) {
        const res = await ctx.app.inject({ url });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe(messages.fileLinkInvalid);
      }
      // Normalized away from /files/ before routing: nothing is served.
      expect((await ctx.app.inject({ url: '/files/../../etc/passwd' })).statusCode).toBe(404);
    });
  });

  describe('signed read URLs (decisions.md#hardening §7)', () => {
    let f: { id: number; url: string; key: string };
    beforeAll(async () => {
      f = await uploaded(media.png, { name: 'signed.png' });
    });
    const query = (url: string) => new URL(url, 'http://x').searchParams;

    it('hands out /files/<key>?expires=&signature= in every answer, valid one hour to an hour and a quarter', async () => {
      expect(f.url).toMatch(signedUrlOf(f.key));
      const listed = await ctx.app.inject({ url: '/api/files', headers: bearer(manager) });
      const item = (listed.json().data.list as { id: number; url: string }[]).find(
        (i) => i.id === f.id,
      )!;
      expect(item.url).toMatch(signedUrlOf(f.key));
      const lifetime = Number(query(item.url).get('expires')) - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(defaultFileUrlLifetimeMs / 1000 - 5);
      expect(lifetime).toBeLessThanOrEqual((defaultFileUrlLifetimeMs * 1.25) / 1000);
    });

    it('hands out the same URL within a quarter-hour window, so browser caches keep working', () => {
      const signer = createReadSigner(testSecret, defaultFileUrlLifetimeMs);
      const windowMs = defaultFileUrlLifetimeMs / 4;
      const start = Math.ceil(Date.now() / windowMs) * windowMs;
      expect(signer.sign(f.key, start + 1000)).toBe(signer.sign(f.key, start + windowMs - 1000));
      expect(signer.sign(f.key, start + windowMs + 1000)).not.toBe(
        signer.sign(f.key, start + 1000),
      );
      expect(ctx.app.files.urls.sign(f.key)).toBe(signer.sign(f.key));
    });

    it('refuses a missing, tampered, expired, other-key or upload signature with 403 in the envelope', async () => {
      const q = query(f.url);
      const expires = q.get('expires')!;
      const signature = q.get('signature')!;
      const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
      const other = await uploaded(media.png, { name: 'other.png' });
      const past = createReadSigner(testSecret, defaultFileUrlLifetimeMs).sign(
        f.key,
        Date.now() - 2 * 60 * 60 * 1000,
      );
      const putSigned = createUploadSigner(testSecret, uploadUrlLifetimeMs)
        .sign(f.key)
        .replace('/files/upload/', '/files/');
      for (const url of [
        `/files/${f.key}`,
        `/files/${f.key}?expires=${expires}`,
        `/files/${f.key}?signature=${signature}`,
        `/files/${f.key}?expires=${expires}&signature=${flipped}`,
        `/files/${f.key}?expires=${Number(expires) + 900}&signature=${signature}`,
        `/files/${other.key}?expires=${expires}&signature=${signature}`,
        past,
        putSigned,
      ]) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await ctx.app.inject({ method, url, headers: { range: 'bytes=0-3' } });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          if (method === 'GET') {
            expect(res.json()).toMatchObject({
              success: false,
              data: null,
              message: messages.fileLinkInvalid,
            });
          }
        }
      }
      expect((await read(f.url)).statusCode).toBe(200);
    });

    it('serves ranges on a signed URL', async () => {
      const res = await read(f.url, { range: 'bytes=0-7' });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(media.png.subarray(0, 8))).toBe(true);
    });

    it('keeps keys and signatures out of the request log', () => {
      for (const url of [f.url, `/files/upload/${f.key}?expires=1&signature=abc`]) {
        const logged = redactUrl(url);
        expect(logged).not.toContain(f.key);
        expect(logged).not.toContain(query(f.url).get('signature'));
        expect(logged).toMatch(
          /^\/files\/(upload\/)?\[redacted\]\?expires=\d+&signature=\[redacted\]$/,
        );
      }
      expect(redactUrl('/api/files/upload')).toBe('/api/files/upload');
      expect(redactUrl('/api/files?page=2')).toBe('/api/files?page=2');
    });
  });

  describe('GET /api/files', () => {
    it('answers 401 without a token and 400 for a bad page size', async () => {
      expect((await ctx.app.inject({ url: '/api/files' })).statusCode).toBe(401);
      const res = await ctx.app.inject({ url: '/api/files?pageSize=7', headers: bearer(manager) });
      expect(res.statusCode).toBe(400);
    });

    it("lists only the caller's complete files, newest first, with paging and count", async () => {
      const a = await uploaded(media.png, { name: 'first.png' }, manager2);
      const b = await uploaded(media.gif, { name: 'second.gif', extension: 'gif' }, manager2);
      await ticket({ name: 'never-finished.png' }, manager2);
      await uploaded(media.png, { name: 'not-mine.png' }, manager);
      const res = await ctx.app.inject({ url: '/api/files', headers: bearer(manager2) });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { list: { id: number; name: string }[]; count: number };
      expect(data.count).toBe(2);
      expect(data.list.map((f) => f.id)).toEqual([b.id, a.id]);
      expect(data.list[0]).toMatchObject({
        id: b.id,
        name: 'second.gif',
        extension: 'gif',
        fileTypeId: MediaType.Image,
        contentType: 'image/gif',
        size: media.gif.length,
        url: b.url,
      });
      const page2 = await ctx.app.inject({
        url: '/api/files?page=2&pageSize=25',
        headers: bearer(manager2),
      });
      expect(page2.json().data).toEqual({ list: [], count: 2 });
    });
  });

  describe('sweep of unfinished uploads', () => {
    it('removes Pending rows older than a day and any bytes stored for them; keeps the rest', async () => {
      const old = await ticket({ name: 'old.png' });
      const recent = await ticket({ name: 'recent.png' });
      const done = await uploaded(media.png, { name: 'done.png' });
      const dayAgo = sql`now() - interval '25 hours'`;
      await db().update(files).set({ createdAt: dayAgo }).where(eq(files.id, old.id));
      await db().update(files).set({ createdAt: dayAgo }).where(eq(files.id, done.id));
      // Bytes left by a crash between storing and marking Ready.
      await ctx.app.files.storage.put(old.key, Readable.from([media.png]), imageMaxBytes);

      const removed = await sweepPendingUploads(ctx.app.files, 24 * 60 * 60 * 1000);
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(await rowOf(old.id)).toBeUndefined();
      expect(await ctx.app.files.storage.stat(old.key)).toBeNull();
      expect((await rowOf(recent.id))!.status).toBe(FileStatus.Pending);
      expect((await rowOf(done.id))!.status).toBe(FileStatus.Ready);
      expect((await read(done.url)).statusCode).toBe(200);
      // The swept upload's URL no longer leads anywhere.
      expect((await put(old.url, media.png)).statusCode).toBe(404);
    });
  });

  describe('requireUsableFile (for imageId and other references)', () => {
    const actorOf = async (token: string): Promise<Actor> => {
      const me = (await ctx.app.inject({ url: '/api/auth/session', headers: bearer(token) })).json()
        .data;
      return {
        id: me.id,
        roleId: me.roleId,
        organizationId: me.organizationId,
        creator: me.creator,
      };
    };

    it("accepts a Ready image of the actor, staff their organization's, and an admin any", async () => {
      const f = await uploaded(media.png, { name: 'trainee-own.png' }, trainee);
      const own = await actorOf(trainee);
      expect((await requireUsableFile({ db: db() }, own, f.id)).id).toBe(f.id);
      const staffColleague = await actorOf(manager);
      expect((await requireUsableFile({ db: db() }, staffColleague, f.id)).id).toBe(f.id);
      const admin = { id: 1, roleId: Role.Admin, organizationId: null, creator: false } as Actor;
      expect((await requireUsableFile({ db: db() }, admin, f.id)).id).toBe(f.id);
    });

    it("refuses a trainee another member's upload (policy file:use): a trainee attaches only its own", async () => {
      const f = await uploaded(media.png);
      await expect(
        requireUsableFile({ db: db() }, await actorOf(trainee), f.id),
      ).rejects.toMatchObject({
        statusCode: 400,
      });
    });

    it('refuses another organization, a Pending upload, another media type and a missing id with 400', async () => {
      const f = await uploaded(media.png);
      const pending = await ticket();
      const mgr = await actorOf(manager);
      const other = await actorOf(manager2);
      await expect(requireUsableFile({ db: db() }, other, f.id)).rejects.toMatchObject({
        statusCode: 400,
      });
      await expect(requireUsableFile({ db: db() }, mgr, pending.id)).rejects.toMatchObject({
        statusCode: 400,
      });
      await expect(
        requireUsableFile({ db: db() }, mgr, f.id, MediaType.Audio),
      ).rejects.toMatchObject({
        statusCode: 400,
        message: messages.uploadIncomplete,
      });
      await expect(requireUsableFile({ db: db() }, mgr, 999_999)).rejects.toMatchObject({
        statusCode: 400,
      });
    });
  });
});

describe('storage driver (local disk)', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'practica-storage-test-'));
    storage = new LocalDiskStorage(root);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const incoming = async () => readdir(path.join(root, '.incoming')).catch(() => []);

  it('stores, stats, reads ranges and deletes', async () => {
    const key = newStorageKey('bin');
    const bytes = Buffer.from('0123456789');
    expect(
      await storage.put(key, Readable.from([bytes.subarray(0, 4), bytes.subarray(4)]), 10),
    ).toEqual({ size: 10 });
    expect(await storage.stat(key)).toEqual({ size: 10 });
    const read = async (range?: { start?: number; end?: number }) => {
      const chunks: Buffer[] = [];
      for await (const c of storage.createReadStream(key, range)) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString();
    };
    expect(await read()).toBe('0123456789');
    expect(await read({ start: 2, end: 4 })).toBe('234');
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await storage.delete(key);
    expect(await incoming()).toEqual([]);
  });

  it('refuses content over the limit and leaves no file, partial or whole', async () => {
    const key = newStorageKey('bin');
    await expect(
      storage.put(key, Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), 10),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await storage.stat(key)).toBeNull();
    expect(await incoming()).toEqual([]);
  });

  it('leaves nothing when the source fails midway', async () => {
    const key = newStorageKey('bin');
    async function* broken() {
      yield Buffer.from('abc');
      throw new Error('connection reset');
    }
    await expect(storage.put(key, Readable.from(broken()), 100)).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.stat(key)).toBeNull();
    expect(await incoming()).toEqual([]);
  });

  it('a disk that cannot be written throws StorageUnavailableError and keeps nothing', async () => {
    await writeFile(path.join(root, 'plain-file'), 'not a folder');
    const broken = new LocalDiskStorage(path.join(root, 'plain-file'));
    await expect(
      broken.put(newStorageKey('bin'), Readable.from([Buffer.from('abc')]), 100),
    ).rejects.toBeInstanceOf(StorageUnavailableError);
    await rm(path.join(root, 'plain-file'));
    expect(await incoming()).toEqual([]);
  });

  it('never replaces stored content', async () => {
    const key = newStorageKey('bin');
    await storage.put(key, Readable.from([Buffer.from('first')]), 100);
    await expect(
      storage.put(key, Readable.from([Buffer.from('second')]), 100),
    ).rejects.toBeInstanceOf(StorageConflictError);
    expect(await storage.stat(key)).toEqual({ size: 5 });
  });

  it('refuses keys it did not make, so no path escapes the root', async () => {
    for (const key of ['../outside.png', '/etc/passwd', '2024/01/../../x.png', 'a/b', '']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), 10)).rejects.toBeInstanceOf(
        StorageKeyError,
      );
      await expect(storage.stat(key)).rejects.toBeInstanceOf(StorageKeyError);
    }
    expect(isStorageKey(newStorageKey('webm'))).toBe(true);
  });

  it('sweeps interrupted temporary files older than the given age', async () => {
    const { writeFile, utimes } = await import('node:fs/promises');
    const stale = path.join(root, '.incoming', 'stale.part');
    await writeFile(stale, 'x');
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(stale, old, old);
    await writeFile(path.join(root, '.incoming', 'fresh.part'), 'y');
    expect(await storage.sweepIncomplete(24 * 3600 * 1000)).toBe(1);
    expect(await incoming()).toEqual(['fresh.part']);
  });
});

describe('upload signer', () => {
  const signer = createUploadSigner(testSecret, 60_000);
  const parts = (url: string) => {
    const u = new URL(url, 'http://x');
    return [u.searchParams.get('expires'), u.searchParams.get('signature')] as const;
  };

  it('verifies its own signature until it expires', () => {
    const key = newStorageKey('png');
    const now = Date.now();
    const [expires, signature] = parts(signer.sign(key, now));
    expect(signer.verify(key, expires, signature, now)).toBe(true);
    expect(signer.verify(key, expires, signature, now + 59_000)).toBe(true);
    expect(signer.verify(key, expires, signature, now + 61_000)).toBe(false);
  });

  it('refuses malformed inputs without throwing', () => {
    const key = newStorageKey('png');
    for (const [e, s] of [
      [undefined, undefined],
      ['abc', 'x'],
      [['1'], ['2']],
      ['1e99', 'x'.repeat(43)],
    ] as const) {
      expect(signer.verify(key, e, s)).toBe(false);
    }
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, 10, { kind: 'full' }],
    ['bytes=0-0', 10, { kind: 'partial', start: 0, end: 0 }],
    ['bytes=9-', 10, { kind: 'partial', start: 9, end: 9 }],
    ['bytes=-1', 10, { kind: 'partial', start: 9, end: 9 }],
    ['bytes=10-', 10, { kind: 'unsatisfiable' }],
    ['bytes=-3', 0, { kind: 'unsatisfiable' }],
    ['bytes=-', 10, { kind: 'full' }],
    ['BYTES=1-2', 10, { kind: 'partial', start: 1, end: 2 }],
    ['bytes=-0', 10, { kind: 'unsatisfiable' }],
    ['bytes=-20', 10, { kind: 'partial', start: 0, end: 9 }],
    ['bytes=2-50', 10, { kind: 'partial', start: 2, end: 9 }],
    ['bytes=5-2', 10, { kind: 'full' }],
    ['bytes=0-1,4-5', 10, { kind: 'full' }],
    ['bytes=x-2', 10, { kind: 'full' }],
    ['items=0-1', 10, { kind: 'full' }],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('safeDisplayName', () => {
  it.each([
    ['../../etc/passwd.png', 'passwd.png'],
    ['C:\\fakepath\\photo.jpg', 'photo.jpg'],
    ['a\u0000b\u202e.png', 'ab.png'],
    ['..', 'file'],
    ['dir/', 'file'],
    ['  two   spaces.png ', 'two spaces.png'],
  ])('%j → %j', (input, expected) => {
    expect(safeDisplayName(input)).toBe(expected);
  });
});
