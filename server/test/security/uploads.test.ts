/**
 * decisions.md#reliability-and-security 'Bad input', uploads: what server/test/routes/files.test.ts does not already cover.
 *
 * - Lying sizes on a real socket: a Content-Length smaller than the body, one larger than the
 *   body with the client hanging up, one over the type's limit; a declared `size` that lies.
 * - Wrong magic bytes: every accepted extension against every other type's bytes, and polyglots.
 * - Expired and tampered signatures: malformed `expires`, re-encoded signatures, other methods.
 * - Path-like names never escape the storage folder (DATA_DIR is a fresh folder, walked at the end).
 * - Oversized bodies answer 413 with the envelope.
 * - The daily upload volume of a user (decisions.md#hardening §8): refused with 429 at the declaration and at
 *   the PUT; it counts the bytes received in the last 24 hours (the ledger), not the files left.
 * - With S3 storage (a real S3 protocol server, helpers/s3-server.ts), where the PUT is the
 *   bucket's: wrong magic bytes and the daily volume refused when the server checks the bytes, the
 *   refused objects deleted and their bytes counted, a polyglot served from the bucket as its
 *   declared type. The rest of
 *   this file is about our own PUT URL and storage folder, which S3 mode does not hand out.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MediaType,
  defaultUploadMaxBytesPerDay,
  messages,
  uploadUrlLifetimeMs,
} from '@practica/contract';
import { loadConfig } from '../../src/config.js';
import { FileStatus, files, uploadLedger } from '../../src/db/schema/index.js';
import { isStorageKey } from '../../src/lib/storage/index.js';
import { createUploadSigner } from '../../src/modules/files/signing.js';
import { bearer, testSecret, tokenFor, type TestContext } from '../helpers/build.js';
import * as media from '../helpers/media-fixtures.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { buildWithPlugins } from '../helpers/with-plugins.js';

let sandbox: string;
let dataDir: string;
let ctx: TestContext;
let manager: string;
let port: number;

beforeAll(async () => {
  sandbox = await mkdtemp(path.join(os.tmpdir(), 'practica-uploads-'));
  dataDir = path.join(sandbox, 'data');
  ctx = await buildWithPlugins({ DATA_DIR: dataDir });
  manager = await tokenFor(ctx.app, 'manager@demo.test');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ctx.close();
  await rm(sandbox, { recursive: true, force: true });
});

const db = () => ctx.testDb.database.db;
const storageRoot = () => path.join(dataDir, 'files');

const extensionOf: Record<string, { fileTypeId: number; bytes: Buffer }> = {
  png: { fileTypeId: MediaType.Image, bytes: media.png },
  jpg: { fileTypeId: MediaType.Image, bytes: media.jpeg },
  gif: { fileTypeId: MediaType.Image, bytes: media.gif },
  webp: { fileTypeId: MediaType.Image, bytes: media.webp },
  mp3: { fileTypeId: MediaType.Audio, bytes: media.mp3 },
  mp4: { fileTypeId: MediaType.Video, bytes: media.mp4 },
  webm: { fileTypeId: MediaType.Video, bytes: media.webm },
};

/** POST /api/files/upload; answers the id, the signed URL and the storage key (throws unless 200). */
async function ticket(
  extension: string,
  body: Record<string, unknown> = {},
): Promise<{ id: number; url: string; key: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: bearer(manager),
    payload: {
      name: `upload.${extension}`,
      extension,
      fileTypeId: extensionOf[extension]!.fileTypeId,
      size: 100,
      ...body,
    },
  });
  if (res.statusCode !== 200) throw new Error(`upload start failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { id: number; url: string };
  const key = new URL(data.url, 'http://x').pathname.replace('/files/upload/', '');
  return { ...data, key };
}

const put = (url: string, payload: Buffer, method: 'PUT' | 'POST' | 'GET' | 'PATCH' = 'PUT') =>
  ctx.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/octet-stream' },
    ...(method === 'GET' ? {} : { payload }),
  });

async function rowOf(id: number) {
  const [row] = await db().select().from(files).where(eq(files.id, id));
  return row;
}

/** Every file under `dir`, as paths relative to it. */
async function walk(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full, base)));
    else out.push(path.relative(base, full));
  }
  return out;
}

/** The envelope of an error answer, checked. */
function expectErrorEnvelope(status: number, body: string, code: string) {
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(json).sort()).toEqual(['data', 'error', 'message', 'success']);
  expect(json).toMatchObject({ success: false, data: null, error: { code } });
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
}

interface RawAnswer {
  status: number | null;
  body: string;
}

/**
 * Sends `head` (request line and headers) and `body` over a real TCP socket; `hangUp` closes the
 * socket right after writing instead of waiting. Answers the first response, if any.
 */
function rawRequest(head: string, body: Buffer, { hangUp = false } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: status ? Number(status[1]) : null,
        body: split >= 0 ? text.slice(split + 4) : '',
      });
    };
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', done);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      reject(error);
    });
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error('no answer within 10 s'));
    });
    socket.write(head);
    socket.write(body, () => {
      if (hangUp) socket.destroy();
    });
  });
}

function putHead(url: string, contentLength: number): string {
  return (
    `PUT ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n` +
    `Content-Length: ${contentLength}\r\nConnection: close\r\n\r\n`
  );
}

async function incomingLeftovers(): Promise<string[]> {
  return readdir(path.join(storageRoot(), '.incoming')).catch(() => []);
}

/** Waits until `check` holds (the server finishes an aborted upload asynchronously). */
async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('lying sizes', () => {
  it('a Content-Length smaller than the body: only the declared bytes are read, never more', async () => {
    const t = await ticket('mp3');
    const bytes = media.padTo(media.mp3, 4000);
    const declared = 2000;
    const answer = await rawRequest(putHead(t.url, declared), bytes);
    expect(answer.status).not.toBeNull();
    expect(answer.status!).toBeLessThan(500);
    const row = await rowOf(t.id);
    if (answer.status === 200) {
      expect(row).toMatchObject({ status: FileStatus.Ready, size: declared });
      expect((await ctx.app.files.storage.stat(t.key))?.size).toBe(declared);
    } else {
      expect(row!.status).toBe(FileStatus.Pending);
      expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
    }
  });

  it('a Content-Length larger than the body and a client that hangs up: nothing is stored, nothing is left behind', async () => {
    const t = await ticket('mp3');
    await rawRequest(putHead(t.url, 50_000), media.padTo(media.mp3, 10_000), { hangUp: true });
    await eventually(async () => (await incomingLeftovers()).length === 0);
    expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
    expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
    // The server is still answering, and the same URL still works for a complete upload.
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await put(t.url, media.mp3)).statusCode).toBe(200);
  });

  it('a Content-Length over the type limit is refused with 413 before the body is read', async () => {
    const t = await ticket('png');
    const answer = await rawRequest(putHead(t.url, 200 * 1024 * 1024), media.png);
    expect(answer.status).toBe(413);
    expectErrorEnvelope(answer.status!, answer.body, 'TOO_LARGE');
    expect(JSON.parse(answer.body).message).toBe(messages.imageTooLarge);
    expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
    expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
  });

  it('a declared size larger than the real bytes: the stored size is the real one', async () => {
    const t = await ticket('png', { size: 250_000 });
    expect((await put(t.url, media.png)).statusCode).toBe(200);
    const row = await rowOf(t.id);
    expect(row).toMatchObject({ status: FileStatus.Ready, size: media.png.length });
    const listed = await ctx.app.inject({ url: '/api/files', headers: bearer(manager) });
    const item = (listed.json().data.list as { id: number; size: number }[]).find(
      (f) => f.id === t.id,
    );
    expect(item?.size).toBe(media.png.length);
  });

  it.each([
    ['a negative size', -1],
    ['a huge size', Number.MAX_SAFE_INTEGER],
    ['NaN as text', 'NaN'],
    ['a size as text', '100'],
  ])('refuses %s in the declaration with a 4xx envelope and no row', async (_label, size) => {
    const before = (await db().select({ id: files.id }).from(files)).length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: bearer(manager),
      payload: { name: 'a.png', extension: 'png', fileTypeId: MediaType.Image, size },
    });
    expectErrorEnvelope(
      res.statusCode,
      res.body,
      res.statusCode === 413 ? 'TOO_LARGE' : 'VALIDATION',
    );
    expect((await db().select({ id: files.id }).from(files)).length).toBe(before);
  });
});

describe('wrong magic bytes', () => {
  const cases: [string, string][] = [];
  for (const declared of Object.keys(extensionOf)) {
    for (const actual of Object.keys(extensionOf)) {
      if (declared !== actual) cases.push([declared, actual]);
    }
  }

  it.each(cases)(
    'refuses .%s carrying %s bytes with 400, storing nothing',
    async (declared, actual) => {
      const t = await ticket(declared);
      const res = await put(t.url, extensionOf[actual]!.bytes);
      expect(res.statusCode).toBe(400);
      expectErrorEnvelope(res.statusCode, res.body, 'VALIDATION');
      expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
      expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
    },
  );

  it.each([
    ['a script with a PNG extension', 'png', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['an ELF executable as mp4', 'mp4', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
    ['a PDF as jpg', 'jpg', Buffer.from('%PDF-1.7\n%âãÏÓ\n')],
    ['a ZIP as webm', 'webm', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])],
    ['an ID3 tag with nothing behind it as mp3', 'mp3', Buffer.from('ID3')],
    ['NUL bytes as gif', 'gif', Buffer.alloc(4096)],
  ])('refuses %s', async (_label, extension, bytes) => {
    const t = await ticket(extension);
    const res = await put(t.url, bytes);
    expect(res.statusCode).toBe(400);
    expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
  });

  it('serves a PNG polyglot carrying HTML as image/png with nosniff, never as HTML', async () => {
    const bytes = Buffer.concat([
      media.png,
      Buffer.from('<html><script>window.__xss=1</script></html>'),
    ]);
    const t = await ticket('png', { name: 'poly.html' });
    expect((await put(t.url, bytes)).statusCode).toBe(200);
    const served = await ctx.app.inject({ url: ctx.app.files.urls.sign(t.key) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-disposition'])).toMatch(
      /^inline; filename="poly\.html\.png"/,
    );
  });
});

describe('signatures', () => {
  const signer = createUploadSigner(testSecret, uploadUrlLifetimeMs);

  async function expectRefused(url: string) {
    const res = await put(url, media.png);
    expect(res.statusCode, url).toBe(403);
    expectErrorEnvelope(res.statusCode, res.body, 'FORBIDDEN');
  }

  it('refuses malformed or shifted expiry times', async () => {
    const t = await ticket('png');
    const u = new URL(t.url, 'http://x');
    const sig = u.searchParams.get('signature')!;
    const exp = Number(u.searchParams.get('expires'));
    for (const expires of [
      '0',
      '-1',
      `${exp}.0`,
      `${exp}e0`,
      ` ${exp}`,
      String(exp - 1),
      '99999999999999999999',
      'NaN',
      '',
    ]) {
      await expectRefused(
        `/files/upload/${t.key}?expires=${encodeURIComponent(expires)}&signature=${sig}`,
      );
    }
    expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
  });

  it('refuses re-encoded, truncated, padded or case-changed signatures', async () => {
    const t = await ticket('png');
    const u = new URL(t.url, 'http://x');
    const sig = u.searchParams.get('signature')!;
    const exp = u.searchParams.get('expires')!;
    const standardBase64 = Buffer.from(sig, 'base64url').toString('base64');
    for (const signature of [
      standardBase64,
      encodeURIComponent(standardBase64),
      `${sig}=`,
      sig.slice(0, -1),
      sig.toUpperCase() === sig ? sig.toLowerCase() : sig.toUpperCase(),
      `${sig}%00`,
      Buffer.from(sig).toString('hex'),
      '',
    ]) {
      await expectRefused(`/files/upload/${t.key}?expires=${exp}&signature=${signature}`);
    }
    // The signature of a key made later (a valid one) does not open this upload.
    const other = await ticket('png');
    const otherSig = new URL(other.url, 'http://x').searchParams.get('signature')!;
    await expectRefused(`/files/upload/${t.key}?expires=${exp}&signature=${otherSig}`);
    expect((await put(t.url, media.png)).statusCode).toBe(200);
  });

  it('refuses an upload URL signed long ago even when the signature is genuine', async () => {
    const t = await ticket('png');
    await expectRefused(signer.sign(t.key, Date.now() - 24 * 60 * 60 * 1000));
    await expectRefused(signer.sign(t.key, Date.now() - uploadUrlLifetimeMs - 1000));
  });

  it('takes the bytes only with PUT: other methods on the signed URL store nothing', async () => {
    const t = await ticket('png');
    for (const method of ['POST', 'PATCH', 'GET'] as const) {
      const res = await put(t.url, media.png, method);
      expect(res.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, method).toBeLessThan(500);
      expectErrorEnvelope(
        res.statusCode,
        res.body,
        // GET reaches the serving route, where an upload signature is no read signature.
        res.statusCode === 404 ? 'NOT_FOUND' : res.statusCode === 403 ? 'FORBIDDEN' : 'VALIDATION',
      );
    }
    expect((await rowOf(t.id))!.status).toBe(FileStatus.Pending);
    expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
  });
});

describe('path-like names', () => {
  const names = [
    '../../etc/passwd',
    '../../../../../../tmp/practica-escape.png',
    '/etc/passwd',
    '/tmp/practica-absolute.png',
    'C:\\Windows\\System32\\drivers\\etc\\hosts',
    '..\\..\\..\\escape.png',
    '%2e%2e%2f%2e%2e%2fescape.png',
    '..',
    '.',
    'a/b/c/d.png',
    '\uD800broken.png',
    '<img src=x onerror="window.__xss=1">.png',
    'ＣＯＮ.png',
    'n'.repeat(200),
  ];

  it.each(names.map((n) => [JSON.stringify(n).slice(0, 60), n]))(
    'keeps %s as a display name only',
    async (_label, name) => {
      const t = await ticket('png', { name });
      expect(isStorageKey(t.key)).toBe(true);
      const done = await put(t.url, media.png);
      expect(done.statusCode).toBe(200);
      const row = await rowOf(t.id);
      expect(row!.storageKey).toBe(t.key);
      expect(/[/\\\r\n]/.test(row!.name) || row!.name.includes('\0')).toBe(false);
      expect(row!.name.length).toBeGreaterThan(0);
      const served = await ctx.app.inject({ url: ctx.app.files.urls.sign(t.key) });
      expect(served.statusCode).toBe(200);
      const disposition = String(served.headers['content-disposition']);
      expect(/[\r\n]/.test(disposition) || disposition.includes('\0')).toBe(false);
      expect(served.headers['content-type']).toBe('image/png');
      // The bytes are exactly where the key says, inside the storage folder.
      const where = await stat(path.join(storageRoot(), t.key));
      expect(where.size).toBe(media.png.length);
    },
  );

  // Names with control characters are refused outright (decisions.md#hardening §11).
  it.each([
    'ok.png\u0000.exe',
    '\u0000',
    'line\r\nContent-Type: text/html\r\n\r\n<script>x</script>.png',
  ])('refuses the name %j with 400 and no row', async (name) => {
    const before = (await db().select({ id: files.id }).from(files)).length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: bearer(manager),
      payload: { name, extension: 'png', fileTypeId: MediaType.Image, size: 10 },
    });
    expect(res.statusCode).toBe(400);
    expectErrorEnvelope(res.statusCode, res.body, 'VALIDATION');
    expect((await db().select({ id: files.id }).from(files)).length).toBe(before);
  });

  it.each(['../png', 'png/../../x', 'png\u0000', '/png', '..\\png', 'p%6eg'])(
    'refuses the path-like extension %j with 400 and no row',
    async (extension) => {
      const before = (await db().select({ id: files.id }).from(files)).length;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        headers: bearer(manager),
        payload: { name: 'x', extension, fileTypeId: MediaType.Image, size: 10 },
      });
      expect(res.statusCode).toBe(400);
      expectErrorEnvelope(res.statusCode, res.body, 'VALIDATION');
      expect((await db().select({ id: files.id }).from(files)).length).toBe(before);
    },
  );

  it.each([
    '/files/upload/../../../etc/passwd',
    '/files/upload/..%2F..%2F..%2Fetc%2Fpasswd',
    '/files/upload/%2Fetc%2Fpasswd',
    '/files/upload/2024/01/..%5C..%5Cescape.png',
    '/files/upload/2024/01/%00.png',
    '/files/upload/C:%5Cescape.png',
  ])('refuses a PUT to %s without writing anywhere', async (url) => {
    const res = await put(`${url}?expires=9999999999&signature=${'A'.repeat(43)}`, media.png);
    expect([403, 404]).toContain(res.statusCode);
    expectErrorEnvelope(
      res.statusCode,
      res.body,
      res.statusCode === 403 ? 'FORBIDDEN' : 'NOT_FOUND',
    );
  });

  it('after every upload above, each stored file is a server-made key inside the storage folder', async () => {
    const everything = await walk(sandbox);
    expect(everything.length).toBeGreaterThan(0);
    for (const file of everything) {
      expect(file.startsWith(`data${path.sep}files${path.sep}`), file).toBe(true);
      const key = file.slice(`data${path.sep}files${path.sep}`.length).split(path.sep).join('/');
      expect(isStorageKey(key), key).toBe(true);
    }
    expect(await incomingLeftovers()).toEqual([]);
    for (const outside of ['/tmp/practica-escape.png', '/tmp/practica-absolute.png']) {
      await expect(stat(outside)).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });
});

describe('oversized bodies', () => {
  it('answers 413 with the envelope for a JSON body over 1 MB on the upload declaration', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...bearer(manager), 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'x'.repeat(1_100_000),
        extension: 'png',
        fileTypeId: 1,
        size: 10,
      }),
    });
    expect(res.statusCode).toBe(413);
    expectErrorEnvelope(res.statusCode, res.body, 'TOO_LARGE');
    expect(res.json().message).toBe(messages.payloadTooLarge);
  });

  it('answers 413 with the envelope for a chunked image body over its limit, storing nothing', async () => {
    const t = await ticket('png');
    const head =
      `PUT ${t.url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n` +
      'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n';
    const bytes = media.padTo(media.png, 400_000);
    const chunked = Buffer.concat([
      Buffer.from(`${bytes.length.toString(16)}\r\n`),
      bytes,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const answer = await rawRequest(head, chunked);
    expect(answer.status).toBe(413);
    expectErrorEnvelope(answer.status!, answer.body, 'TOO_LARGE');
    expect(await ctx.app.files.storage.stat(t.key)).toBeNull();
    await eventually(async () => (await incomingLeftovers()).length === 0);
  });

  it('answers 413 with the envelope on a real socket for a JSON body over 1 MB', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'y'.repeat(1_100_000) }));
    const head =
      `POST /api/groups HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${manager}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const answer = await rawRequest(head, body);
    expect(answer.status).toBe(413);
    expectErrorEnvelope(answer.status!, answer.body, 'TOO_LARGE');
  });
});

describe('daily upload volume (decisions.md#hardening §8)', () => {
  const limit = 1500;
  const file = media.padTo(media.png, 600);
  let small: TestContext;
  let who: string;
  let other: string;
  let whoId: number;
  beforeAll(async () => {
    small = await buildWithPlugins({ UPLOAD_MAX_BYTES_PER_DAY: String(limit) });
    [who, other] = await Promise.all([
      tokenFor(small.app, 'instructor@demo.test'),
      tokenFor(small.app, 'trainee@demo.test'),
    ]);
    const session = await small.app.inject({ url: '/api/auth/session', headers: bearer(who) });
    whoId = session.json().data.id as number;
  });
  afterAll(() => small.close());

  const declare = (token: string, size?: number) =>
    small.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: bearer(token),
      payload: {
        name: 'day.png',
        extension: 'png',
        fileTypeId: MediaType.Image,
        ...(size === undefined ? {} : { size }),
      },
    });
  const putTo = (url: string, payload: Buffer | Readable) =>
    small.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/octet-stream' },
      payload,
    });
  function expectVolumeRefused(res: { statusCode: number; body: string; headers: object }) {
    expect(res.statusCode).toBe(429);
    expectErrorEnvelope(res.statusCode, res.body, 'RATE_LIMITED');
    expect(JSON.parse(res.body).message).toBe(messages.uploadDailyLimitReached);
    const retry = Number((res.headers as Record<string, string>)['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(24 * 3600);
  }

  it('defaults to 2 GiB a day, configurable with UPLOAD_MAX_BYTES_PER_DAY', () => {
    expect(defaultUploadMaxBytesPerDay).toBe(2 * 1024 ** 3);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' }).uploadMaxBytesPerDay).toBe(
      defaultUploadMaxBytesPerDay,
    );
    expect(small.app.config.uploadMaxBytesPerDay).toBe(limit);
  });

  it('refuses a declaration over what is left with 429, and a PUT whose real bytes are over it', async () => {
    const first = await declare(who, file.length);
    expect(first.statusCode).toBe(200);
    expect((await putTo(first.json().data.url, file)).statusCode).toBe(200);

    expectVolumeRefused(await declare(who, limit - file.length + 1));

    // A pending declaration holds its room: 600 stored + 600 declared leave 300.
    const second = await declare(who, file.length);
    expect(second.statusCode).toBe(200);
    expectVolumeRefused(await declare(who, 301));

    // No size declared (the spec's call): allowed while room is left; the PUT counts the bytes.
    const undeclared = await declare(who);
    expect(undeclared.statusCode).toBe(200);
    const { id, url } = undeclared.json().data as { id: number; url: string };
    const key = new URL(url, 'http://x').pathname.replace('/files/upload/', '');
    // Content-Length over what is left: refused before the body is read.
    expectVolumeRefused(await putTo(url, file));
    // Chunked (no Content-Length): refused while streaming, nothing stored.
    expectVolumeRefused(
      await putTo(url, Readable.from([file.subarray(0, 300), file.subarray(300)])),
    );
    const [row] = await small.testDb.database.db.select().from(files).where(eq(files.id, id));
    expect(row!.status).toBe(FileStatus.Pending);
    expect(await small.app.files.storage.stat(key)).toBeNull();

    // What fits still goes in: the second declaration completes.
    expect((await putTo(second.json().data.url, file)).statusCode).toBe(200);
    // Another user has its own volume.
    expect((await declare(other, file.length)).statusCode).toBe(200);
  });

  it('refuses any declaration once nothing is left, and counts only the last 24 hours', async () => {
    const db = small.testDb.database.db;
    await db.insert(uploadLedger).values({ userId: whoId, bytes: limit });
    expectVolumeRefused(await declare(who));
    expectVolumeRefused(await declare(who, 1));
    await db
      .update(uploadLedger)
      .set({ receivedAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(uploadLedger.userId, whoId));
    expect((await declare(who, file.length)).statusCode).toBe(200);
  });
});

describe('with S3 storage (the bytes go to the bucket, the server checks them after)', () => {
  const limit = 1500;
  let s3: TestS3Server;
  let app: TestContext;
  let token: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    app = await buildWithPlugins({ ...s3.env, UPLOAD_MAX_BYTES_PER_DAY: String(limit) });
    token = await tokenFor(app.app, 'manager@demo.test');
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  /** Declares an upload, PUTs `bytes` to the bucket, then asks the server to check them. */
  async function upload(extension: string, bytes: Buffer, name = `upload.${extension}`) {
    const declared = await app.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: bearer(token),
      payload: { name, extension, fileTypeId: extensionOf[extension]!.fileTypeId },
    });
    if (declared.statusCode !== 200) return { declared, complete: declared, key: '', id: 0 };
    const { id, url } = declared.json().data as { id: number; url: string };
    expect((await fetch(url, { method: 'PUT', body: bytes })).status).toBe(200);
    const complete = await app.app.inject({
      method: 'POST',
      url: `/api/files/${id}/complete`,
      headers: bearer(token),
    });
    const [row] = await app.testDb.database.db.select().from(files).where(eq(files.id, id));
    return { declared, complete, key: row!.storageKey, id, status: row!.status };
  }

  it('refuses every accepted extension carrying another type’s bytes with 400, deleting the object', async () => {
    const db = app.testDb.database.db;
    const session = await app.app.inject({ url: '/api/auth/session', headers: bearer(token) });
    const userId = session.json().data.id as number;
    for (const declared of Object.keys(extensionOf)) {
      for (const actual of Object.keys(extensionOf)) {
        if (declared === actual) continue;
        const res = await upload(declared, extensionOf[actual]!.bytes);
        expect(res.complete.statusCode, `${declared} ← ${actual}`).toBe(400);
        expectErrorEnvelope(res.complete.statusCode, res.complete.body, 'VALIDATION');
        expect(res.status).toBe(FileStatus.Pending);
        // The refused bytes count in the daily volume (cleared so the next one meets the type check).
        const counted = await db.select().from(uploadLedger).where(eq(uploadLedger.userId, userId));
        expect(counted.map((r) => r.bytes)).toEqual([extensionOf[actual]!.bytes.length]);
        await db.delete(uploadLedger).where(eq(uploadLedger.userId, userId));
      }
    }
    // Only the two uploads of the next tests may ever be kept: nothing refused is.
    expect(await s3.listKeys()).toEqual([]);
    // 56 full upload rounds against the bucket: room for a busy machine.
  }, 120_000);

  it('serves a PNG polyglot carrying HTML as image/png from the bucket, with our file name', async () => {
    const bytes = Buffer.concat([media.png, Buffer.from('<html><script>1</script></html>')]);
    const res = await upload('png', bytes, 'poly.html');
    expect(res.complete.statusCode).toBe(200);
    const redirect = await app.app.inject({ url: app.app.files.urls.sign(res.key) });
    expect(redirect.statusCode).toBe(302);
    const served = await fetch(String(redirect.headers['location']));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toMatch(
      /^inline; filename="poly\.html\.png"/,
    );
  });

  it('counts the daily volume with the real size: 429 at the check once the bytes are over it', async () => {
    const file = media.padTo(media.png, 1000);
    expect((await upload('png', file)).complete.statusCode).toBe(200);
    const over = await upload('png', file);
    expect(over.complete.statusCode).toBe(429);
    expectErrorEnvelope(over.complete.statusCode, over.complete.body, 'RATE_LIMITED');
    expect(over.status).toBe(FileStatus.Pending);
    expect(await s3.listKeys()).not.toContain(over.key);
  });
});
