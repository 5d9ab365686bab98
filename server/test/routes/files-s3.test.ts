/**
 * Files on S3-compatible object storage (STORAGE_DRIVER=s3, operations.md 'Production storage') against
 * a real S3 protocol server (helpers/s3-server.ts), what files.test.ts, me-uploads.test.ts and
 * security/uploads.test.ts (which run with both drivers) do not show: the presigned PUT's shape,
 * POST /api/files/{id}/complete before the bytes and for another user, the check on first use
 * through `requireUsableFile`, the redirect's lifetime, no partial object left by a tus upload,
 * a start that fails clearly on a bad bucket, and the S3 driver itself (streamed put with its
 * byte limit, ranged reads, conflicts, a source failing midway).
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MediaType,
  answerVideoUploadPath,
  messages,
  uploadUrlLifetimeMs,
  type Actor,
} from '@practica/contract';
import { FileStatus, files, storageDeletions, uploadLedger } from '../../src/db/schema/index.js';
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
import { chromeWebm } from '../helpers/media-answers.js';
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

/**
 * POST /api/files/upload as `token`; answers the ticket, the row's storage key (where the checked
 * copy will be) and its upload key (the one the presigned URL names).
 */
async function ticket(
  body: Record<string, unknown> = {},
  token = manager,
): Promise<{ id: number; url: string; key: string; uploadKey: string }> {
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
  const row = (await rowOf(data.id))!;
  return { ...data, key: row.storageKey, uploadKey: row.uploadKey! };
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
    expect(url.pathname).toBe(`/${s3.bucket}/${t.uploadKey}`);
    expect(t.uploadKey).not.toBe(t.key);
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
    expect(await s3.listKeys()).not.toContain(t.uploadKey);
  });

  it("answers 404 for another user's upload and an unknown id", async () => {
    const t = await ticket();
    await putToStore(t.url, media.png);
    expect((await complete(t.id, manager2)).statusCode).toBe(404);
    expect((await complete(999_999)).statusCode).toBe(404);
    expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
  });

  it('checks an upload on its first use by id (a spec client never calls complete)', async () => {
    const actor = await managerActor();
    const good = await ticket();
    await putToStore(good.url, media.png);
    expect((await requireUsableFile(ctx.app.files, actor, good.id)).status).toBe(FileStatus.Ready);

    const bad = await ticket({ size: media.gif.length });
    await putToStore(bad.url, media.gif);
    await expect(requireUsableFile(ctx.app.files, actor, bad.id)).rejects.toMatchObject({
      statusCode: 400,
      message: messages.uploadIncomplete,
    });
    expect(await s3.listKeys()).not.toContain(bad.key);
    expect(await s3.listKeys()).not.toContain(bad.uploadKey);
  });
});

/** A 503 envelope with the storage message and a Retry-After: the store failed, not the request. */
function expectStorageUnavailable(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({
    success: false,
    message: messages.storageUnavailable,
    data: null,
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** Every byte of a stream. */
async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What GET of a read URL of ours serves: the bytes behind its redirect to the bucket. */
async function served(readUrl: string): Promise<Buffer> {
  const res = await ctx.app.inject({ url: readUrl });
  expect(res.statusCode).toBe(302);
  return Buffer.from(await (await fetch(String(res.headers['location']))).arrayBuffer());
}

/** The upload ledger's rows of `userId`, oldest first. */
const ledgerOf = (userId: number) =>
  db()
    .select()
    .from(uploadLedger)
    .where(eq(uploadLedger.userId, userId))
    .orderBy(uploadLedger.receivedAt);

/** The signed-in manager as an Actor. */
async function managerActor(): Promise<Actor> {
  const me = (await ctx.app.inject({ url: '/api/auth/session', headers: bearer(manager) })).json()
    .data;
  return { id: me.id, roleId: me.roleId, organizationId: me.organizationId, creator: me.creator };
}

describe('a profile image sent by its id alone (no complete call)', () => {
  it('is checked on first use and kept, as assets and organizations do; another user’s is refused', async () => {
    const actor = await managerActor();
    const t = await ticket();
    await putToStore(t.url, media.png);
    const me = (await ctx.app.inject({ url: '/api/auth/session', headers: bearer(manager) })).json()
      .data as { id: number; firstName: string; lastName: string };
    const save = (imageId: number, token = manager) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${actor.id}`,
        headers: bearer(token),
        payload: { firstName: me.firstName, lastName: me.lastName, imageId },
      });
    const saved = await save(t.id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await rowOf(t.id)).toMatchObject({ status: FileStatus.Ready, size: media.png.length });

    // An image another user uploaded (of another organization here) is refused at imageId.
    const foreign = await ticket({}, manager2);
    await putToStore(foreign.url, media.png);
    const refused = await save(foreign.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: messages.failedToUploadImage,
      error: { details: [{ path: 'imageId', message: messages.failedToUploadImage }] },
    });
  });
});

describe('checked bytes cannot be replaced through the presigned URL', () => {
  // The URL lives 15 minutes and the store takes every PUT to it while it lives (s3rver does not
  // even hold the signed length): what the server serves, counts and processes must be the bytes
  // it checked, whatever arrives there afterwards.
  const svg = (length: number) =>
    media.padTo(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>'),
      length,
    );

  it.each([
    ['the declared length', true],
    ['no declared size, 5 MB', false],
  ])(
    'a second PUT after completion (%s) changes neither the served bytes, the row nor what a job reads',
    async (_what, declared) => {
      const t = await ticket(declared ? {} : { size: null });
      expect((await putToStore(t.url, media.png)).status).toBe(200);
      const done = await complete(t.id);
      expect(done.statusCode).toBe(200);
      const checked = await rowOf(t.id);
      expect(checked).toMatchObject({
        status: FileStatus.Ready,
        size: media.png.length,
        storageKey: t.key,
        uploadKey: null,
      });

      const replacement = svg(declared ? media.png.length : 5 * 1024 * 1024);
      expect((await putToStore(t.url, replacement)).status).toBe(200);

      expect((await complete(t.id)).json().data).toEqual(done.json().data);
      expect(await requireUsableFile(ctx.app.files, await managerActor(), t.id)).toEqual(checked);
      expect(await rowOf(t.id)).toEqual(checked);
      expect((await served(done.json().data.url)).equals(media.png)).toBe(true);
      // What the media job and every server-side reader read: the row's storage key.
      const read = await bytesOf(ctx.app.files.storage.createReadStream(checked!.storageKey));
      expect(read.equals(media.png)).toBe(true);
    },
  );

  it('removes the upload key at completion and queues a late PUT’s object for removal after the URL expired', async () => {
    const t = await ticket();
    await putToStore(t.url, media.png);
    expect((await complete(t.id)).statusCode).toBe(200);
    expect(await s3.listKeys()).not.toContain(t.uploadKey);
    const [queued] = await db()
      .select()
      .from(storageDeletions)
      .where(eq(storageDeletions.storageKey, t.uploadKey));
    const row = (await rowOf(t.id))!;
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(
      row.createdAt.getTime() + uploadUrlLifetimeMs,
    );

    // A PUT arriving late leaves an object under the upload key: nothing serves it, and it goes
    // when the queued removal is due (made due now here).
    await putToStore(t.url, svg(media.png.length));
    expect(await s3.listKeys()).toContain(t.uploadKey);
    await ctx.app.storageDeletions.drain();
    expect(await s3.listKeys()).toContain(t.uploadKey);
    await db()
      .update(storageDeletions)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(storageDeletions.storageKey, t.uploadKey));
    await ctx.app.storageDeletions.drain();
    expect(await s3.listKeys()).not.toContain(t.uploadKey);
    expect(await s3.listKeys()).toContain(t.key);
  });

  it('a refused object leaves nothing in the bucket, counts its bytes, and the URL may be used again', async () => {
    const actor = await managerActor();
    const before = (await ledgerOf(actor.id)).length;
    const t = await ticket({ size: null });
    await putToStore(t.url, media.gif);
    const refused = await complete(t.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.fileTypeNotAllowed);
    const keys = await s3.listKeys();
    expect(keys).not.toContain(t.key);
    expect(keys).not.toContain(t.uploadKey);
    expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
    const ledger = await ledgerOf(actor.id);
    expect(ledger.length).toBe(before + 1);
    expect(ledger.at(-1)!.bytes).toBe(media.gif.length);

    await putToStore(t.url, media.png);
    expect((await complete(t.id)).statusCode).toBe(200);
    expect(await rowOf(t.id)).toMatchObject({ status: FileStatus.Ready, size: media.png.length });
  });

  it('a completion whose transaction is rolled back leaves the upload completable', async () => {
    const actor = await managerActor();
    const t = await ticket();
    await putToStore(t.url, media.png);
    // A caller (e.g. saving answer items) checks the file in its transaction, then fails.
    await expect(
      db().transaction(async (tx) => {
        expect(
          (
            await requireUsableFile(
              { db: tx, directUploads: ctx.app.files.directUploads },
              actor,
              t.id,
            )
          ).status,
        ).toBe(FileStatus.Ready);
        throw new Error('the caller failed after the check');
      }),
    ).rejects.toThrow('the caller failed after the check');
    expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
    const done = await complete(t.id);
    expect(done.statusCode).toBe(200);
    expect((await served(done.json().data.url)).equals(media.png)).toBe(true);
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
    expect((await ctx.app.inject({ url: ctx.app.files.urls.sign(t.key) })).statusCode).toBe(404);
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

  /** POST of a new upload of the whole video's length. */
  const createUpload = () =>
    sc.app.inject({
      method: 'POST',
      url: answerVideoUploadPath,
      headers: {
        ...tusHeaders(),
        'upload-length': String(chromeWebm.length),
        'upload-metadata': metadata(),
      },
    });
  /** PATCH of `chunk` at `offset` of the upload at `location`. */
  const patchAt = (location: string, offset: number, chunk: Buffer) =>
    sc.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tusHeaders(),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
      },
      payload: chunk,
    });
  /** HEAD of the upload at `location` (its offset so far). */
  const headOf = (location: string) =>
    sc.app.inject({ method: 'HEAD', url: location, headers: tusHeaders() });

  it('resumes a multipart upload in the bucket, stores the video like every file and leaves no partial object', async () => {
    const created = await createUpload();
    expect(created.statusCode).toBe(201);
    const location = String(created.headers['location']);
    const half = 2000;
    const first = await patchAt(location, 0, chromeWebm.subarray(0, half));
    expect(first.statusCode).toBe(204);
    const offset = await headOf(location);
    expect(offset.headers['upload-offset']).toBe(String(half));

    const last = await patchAt(location, half, chromeWebm.subarray(half));
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

    // The stored video is the server's own copy under a key no client names: another PATCH to
    // the finished upload changes nothing.
    const again = await patchAt(location, chromeWebm.length, Buffer.from('<html>replaced</html>'));
    expect(again.statusCode).toBe(404);
    const [after] = await sc.db.select().from(files).where(eq(files.id, fileId));
    expect(after).toEqual(row);
    const stored = await bytesOf(sc.app.files.storage.createReadStream(row!.storageKey));
    expect(stored.equals(chromeWebm)).toBe(true);
  });

  const pendingFiles = async () =>
    (await sc.db.select().from(files).where(eq(files.status, FileStatus.Pending))).length;

  it('answers 503 in the envelope when the store refuses the creation, and keeps no reservation', async () => {
    const before = await pendingFiles();
    s3.refuse(({ method, query }) => method === 'POST' && 'uploads' in query);
    try {
      expectStorageUnavailable(await createUpload());
    } finally {
      s3.refuse(null);
    }
    expect(await pendingFiles()).toBe(before);
    expect((await createUpload()).statusCode).toBe(201);
  });

  it('answers 503 to a PATCH and a HEAD while the store refuses, and the upload resumes afterwards', async () => {
    const created = await createUpload();
    expect(created.statusCode).toBe(201);
    const location = String(created.headers['location']);
    expect((await patchAt(location, 0, chromeWebm.subarray(0, 2000))).statusCode).toBe(204);
    s3.refuse(() => true);
    try {
      expectStorageUnavailable(await patchAt(location, 2000, chromeWebm.subarray(2000)));
      expect((await headOf(location)).statusCode).toBe(503);
    } finally {
      s3.refuse(null);
    }
    expect((await headOf(location)).headers['upload-offset']).toBe('2000');
    const last = await patchAt(location, 2000, chromeWebm.subarray(2000));
    expect(last.statusCode).toBe(200);
  });
});

describe('a store that refuses: 503, never 500, nothing lost', () => {
  it('completion: 503 while the store refuses, the upload stays Pending and completes afterwards', async () => {
    const t = await ticket();
    await putToStore(t.url, media.png);
    s3.refuse(() => true);
    try {
      expectStorageUnavailable(await complete(t.id));
    } finally {
      s3.refuse(null);
    }
    expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
    expect((await complete(t.id)).statusCode).toBe(200);
  });

  it('reads: a signed read URL answers 503 while the store refuses', async () => {
    const t = await ticket();
    await putToStore(t.url, media.png);
    const readUrl = (await complete(t.id)).json().data.url as string;
    s3.refuse(() => true);
    try {
      expectStorageUnavailable(await ctx.app.inject({ url: readUrl }));
    } finally {
      s3.refuse(null);
    }
    expect((await ctx.app.inject({ url: readUrl })).statusCode).toBe(302);
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
