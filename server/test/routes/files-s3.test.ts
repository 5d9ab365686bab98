/**
 * Files on S3-compatible object storage (STORAGE_DRIVER=s3, README 'Production storage') against
 * a real S3 protocol server (helpers/s3-server.ts), what files.test.ts, me-uploads.test.ts and
 * security/uploads.test.ts (which run with both drivers) do not show: the presigned PUT's shape,
 * POST /api/files/{id}/complete before the bytes and for another user, the check on first use
 * through `requireUsableFile`, the redirect's lifetime, no partial object left by a tus upload,
 * a start that fails clearly on a bad bucket, and the S3 driver itself (streamed put with its
 * byte limit, ranged reads, conflicts, a source failing midway).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaType, answerVideoUploadPath, messages, type Actor } from '@practica/contract';
import { FileStatus, files } from '../../src/db/schema/index.js';
import {
  S3Storage,
  StorageConflictError,
  StorageKeyError,
  StorageLimitError,
  newStorageKey,
} from '../../src/lib/storage/index.js';
import { requireUsableFile } from '../../src/modules/files/service.js';
import { buildAnswersScenario, type AnswersScenario } from '../helpers/answers.js';
import { bearer, tokenFor, type TestContext } from '../helpers/build.js';
import * as media from '../helpers/media-fixtures.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { buildWithPlugins } from '../helpers/with-plugins.js';

let s3: TestS3Server;
let ctx: TestContext;
let manager: string;
let manager2: string;

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await buildWithPlugins(s3.env);
  [manager, manager2] = await Promise.all([
    tokenFor(ctx.app, 'manager@demo.test'),
    tokenFor(ctx.app, 'manager2@demo.test'),
  ]);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const db = () => ctx.testDb.database.db;

async function rowOf(id: number) {
  const [row] = await db().select().from(files).where(eq(files.id, id));
  return row;
}

/** POST /api/files/upload as `token`; answers the ticket and the row's storage key. */
async function ticket(
  body: Record<string, unknown> = {},
  token = manager,
): Promise<{ id: number; url: string; key: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: bearer(token),
    payload: {
      name: 'photo.png',
      extension: 'png',
      fileTypeId: MediaType.Image,
      size: media.png.length,
      ...body,
    },
  });
  if (res.statusCode !== 200) throw new Error(`upload start: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { id: number; url: string };
  return { ...data, key: (await rowOf(data.id))!.storageKey };
}

/** PUT `bytes` to the presigned URL, as a browser would (no session, any Content-Type). */
const putToStore = (url: string, bytes: Buffer) =>
  fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': 'image/png' } });

const complete = (id: number, token = manager) =>
  ctx.app.inject({ method: 'POST', url: `/api/files/${id}/complete`, headers: bearer(token) });

describe('uploads straight to the bucket', () => {
  it('answers a presigned PUT of the bucket; the file is Ready only once the server checked it', async () => {
    const t = await ticket();
    const url = new URL(t.url);
    expect(`${url.origin}`).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${s3.bucket}/${t.key}`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(15 * 60);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');

    expect((await complete(t.id)).json()).toMatchObject({ message: messages.uploadIncomplete });
    const put = await putToStore(t.url, media.png);
    expect(put.status).toBe(200);
    expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);

    const done = await complete(t.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ id: t.id, url: expect.stringMatching(/^\/files\//) });
    expect(await rowOf(t.id)).toMatchObject({ status: FileStatus.Ready, size: media.png.length });
    expect((await complete(t.id)).json().data).toEqual(done.json().data);
    expect(await s3.listKeys()).toContain(t.key);
  });

  it("answers 404 for another user's upload and an unknown id", async () => {
    const t = await ticket();
    await putToStore(t.url, media.png);
    expect((await complete(t.id, manager2)).statusCode).toBe(404);
    expect((await complete(999_999)).statusCode).toBe(404);
    expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
  });

  it('checks an upload on its first use by id (a spec client never calls complete)', async () => {
    const me = (await ctx.app.inject({ url: '/api/auth/session', headers: bearer(manager) })).json()
      .data;
    const actor: Actor = {
      id: me.id,
      roleId: me.roleId,
      organizationId: me.organizationId,
      creator: me.creator,
    };
    const good = await ticket();
    await putToStore(good.url, media.png);
    expect((await requireUsableFile(db(), actor, good.id)).status).toBe(FileStatus.Ready);

    const bad = await ticket({ size: media.gif.length });
    await putToStore(bad.url, media.gif);
    await expect(requireUsableFile(db(), actor, bad.id)).rejects.toMatchObject({
      statusCode: 400,
      message: messages.uploadIncomplete,
    });
    expect(await s3.listKeys()).not.toContain(bad.key);
  });
});

describe('reads through the bucket', () => {
  it('redirects the signed read URL to a presigned GET of a few minutes with the type and name; Range comes from the store', async () => {
    const t = await ticket({ name: 'Team photo.png' });
    await putToStore(t.url, media.png);
    const readUrl = (await complete(t.id)).json().data.url as string;

    const res = await ctx.app.inject({ url: readUrl });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = new URL(String(res.headers['location']));
    expect(location.origin).toBe(s3.endpoint);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);

    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('content-disposition')).toContain('Team photo.png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(media.png)).toBe(true);
    const part = await fetch(location, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(media.png.subarray(0, 8))).toBe(true);
  });

  it('still checks our signature first (403) and answers 404 for a Pending upload', async () => {
    const t = await ticket();
    const readUrl = (await ctx.app.inject({ url: '/api/files', headers: bearer(manager) })).json()
      .data.list[0].url as string;
    const tampered = readUrl.replace(/signature=./, 'signature=A');
    expect((await ctx.app.inject({ url: tampered })).statusCode).toBe(403);
    const { publicFileUrl } = await import('../../src/modules/files/url.js');
    expect((await ctx.app.inject({ url: publicFileUrl(t.key) })).statusCode).toBe(404);
  });
});

describe('start', () => {
  it('fails with a message naming the bucket and endpoint when the bucket is missing', async () => {
    await expect(
      buildWithPlugins({ ...s3.env, S3_BUCKET: 'no-such-bucket' }, { seed: false }),
    ).rejects.toThrow(new RegExp(`s3://no-such-bucket at ${s3.endpoint}.*does not exist`));
  });
});

describe('trainee video uploads (tus S3 store)', () => {
  let sc: AnswersScenario;
  beforeAll(async () => {
    sc = await buildAnswersScenario(s3.env);
  });
  afterAll(() => sc?.close());

  const chromeWebm = readFileSync(
    path.join(import.meta.dirname, '..', 'fixtures', 'chrome-media-recorder.webm'),
  );
  const metadata = () =>
    [
      ['assignmentId', sc.assignment],
      ['questionId', sc.interview.questionIds[0]],
      ['filetype', 'video/webm'],
      ['duration', 0.7],
    ]
      .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
      .join(',');
  const tusHeaders = () => ({ 'tus-resumable': '1.0.0', ...bearer(sc.tokens.trainee) });

  it('resumes a multipart upload in the bucket, stores the video like every file and leaves no partial object', async () => {
    const created = await sc.app.inject({
      method: 'POST',
      url: answerVideoUploadPath,
      headers: {
        ...tusHeaders(),
        'upload-length': String(chromeWebm.length),
        'upload-metadata': metadata(),
      },
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers['location']);
    const half = 2000;
    const first = await sc.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tusHeaders(),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      payload: chromeWebm.subarray(0, half),
    });
    expect(first.statusCode).toBe(204);
    const offset = await sc.app.inject({ method: 'HEAD', url: location, headers: tusHeaders() });
    expect(offset.headers['upload-offset']).toBe(String(half));

    const last = await sc.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tusHeaders(),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(half),
      },
      payload: chromeWebm.subarray(half),
    });
    expect(last.statusCode).toBe(200);
    const { fileId, url } = last.json().data as { fileId: number; url: string };
    const [row] = await sc.db.select().from(files).where(eq(files.id, fileId));
    expect(row).toMatchObject({ status: FileStatus.Ready, size: chromeWebm.length });

    const served = await sc.app.inject({ url });
    expect(served.statusCode).toBe(302);
    const bytes = Buffer.from(
      await (await fetch(String(served.headers['location']))).arrayBuffer(),
    );
    expect(bytes.equals(chromeWebm)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    await expect
      .poll(() => s3.listKeys())
      .not.toContainEqual(expect.stringMatching(/^[0-9a-f]{32}(\.info|\.part)?$/));
  });
});

describe('the S3 driver', () => {
  let storage: S3Storage;
  beforeAll(() => {
    storage = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
    });
  });
  afterAll(() => storage.close());

  const readAll = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  it('stores a stream, stats, reads ranges and deletes; a missing key is no error to delete', async () => {
    const key = newStorageKey('bin');
    const size = await storage.put(
      key,
      Readable.from([Buffer.from('0123'), Buffer.from('456789')]),
      10,
    );
    expect(size).toEqual({ size: 10 });
    expect(await storage.stat(key)).toEqual({ size: 10 });
    expect(await readAll(storage.createReadStream(key))).toBe('0123456789');
    expect(await readAll(storage.createReadStream(key, { start: 2, end: 4 }))).toBe('234');
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await storage.delete(key);
    await expect(readAll(storage.createReadStream(key))).rejects.toThrow();
  });

  it('refuses content over the limit, a stored key and a key it did not make, storing nothing', async () => {
    const key = newStorageKey('bin');
    await expect(
      storage.put(key, Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), 10),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await storage.stat(key)).toBeNull();
    await storage.put(key, Readable.from([Buffer.from('first')]), 100);
    await expect(
      storage.put(key, Readable.from([Buffer.from('second')]), 100),
    ).rejects.toBeInstanceOf(StorageConflictError);
    expect(await storage.stat(key)).toEqual({ size: 5 });
    await expect(storage.stat('../outside.png')).rejects.toBeInstanceOf(StorageKeyError);
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
  });
});
