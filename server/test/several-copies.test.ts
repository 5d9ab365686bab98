/**
 * Two copies of the server on one database and one bucket, with no sticky routing
 * (operations.md 'Several copies behind a load balancer'): nothing a request needs lives in one
 * copy's memory. On PostgreSQL each copy has its own connection pool, as two processes would; on
 * PGlite (one process by design) the two apps share the embedded database and its in-memory
 * upload locks, which still proves that the state is the database's and not an app's.
 *
 * - the per-address sign-in limit counts the requests of both copies together;
 * - a resumable upload created on one copy is continued and finished on the other, and then is
 *   gone on the first as well;
 * - two PATCHes of one upload on the two copies at once: the second waits until the first's
 *   request ended (the first is asked to let go, as tus says), and the stored video is the
 *   original, byte for byte.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MemoryLocker } from '@tus/server';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerVideoUploadPath, messages, Role } from '@practica/contract';
import { buildApp } from '../src/app.js';
import { loadConfig, type Env } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { uploadLocks, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { buildAnswersScenario, type AnswersScenario } from './helpers/answers.js';
import { bearer, buildTestApp, testEnv, type TestContext } from './helpers/build.js';
import { onPostgres, type TestDatabase } from './helpers/database.js';
import { startS3Server, type TestS3Server } from './helpers/s3-server.js';

const video = readFileSync(
  path.join(import.meta.dirname, 'fixtures', 'chrome-media-recorder.webm'),
);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A second copy of the server on `testDb`'s database (its own pool on PostgreSQL), built with `env`. */
async function secondCopy(
  testDb: TestDatabase,
  env: Partial<Env>,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database: Database = testDb.url
    ? await openDatabase({ databaseUrl: testDb.url, dataDir: 'memory://', poolSize: 5 })
    : testDb.database;
  const app = await buildApp(loadConfig({ ...testEnv, ...env } as Env), {
    database,
    logger: false,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== testDb.database) await database.close();
    },
  };
}

describe(`the sign-in limit per address (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const env = { LOGIN_RATE_PER_MINUTE: '3', MAIL_POLL_MS: '3600000' } as Partial<Env>;
  let a: TestContext;
  let b: Awaited<ReturnType<typeof secondCopy>>;

  beforeAll(async () => {
    a = await buildTestApp(env, { seed: false });
    b = await secondCopy(a.testDb, env);
    await a.testDb.database.db.insert(users).values({
      email: 'copies@limits.test',
      firstName: 'Copies',
      lastName: 'Limit',
      passwordHash: await hashPassword('pass1234'),
      roleId: Role.Admin,
    });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const signIn = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'copies@limits.test', password: 'pass1234' },
    });

  it('holds across the two copies: 3 per minute in all, the 4th on the other copy answers 429 with Retry-After', async () => {
    for (const app of [a.app, b.app, a.app]) expect((await signIn(app)).statusCode).toBe(200);
    const refused = await signIn(b.app);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      success: false,
      data: null,
      error: { code: 'RATE_LIMITED', message: messages.tooManyRequests },
    });
    expect((await signIn(a.app)).statusCode).toBe(429);
  });
});

describe(`a resumable upload across two copies on one bucket (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let s3: TestS3Server;
  let a: AnswersScenario;
  let b: Awaited<ReturnType<typeof secondCopy>>;

  beforeAll(async () => {
    s3 = await startS3Server();
    a = await buildAnswersScenario(s3.env);
    b = await secondCopy(a.testDb, s3.env);
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  const tusVersion = { 'tus-resumable': '1.0.0' };
  const metadata = (questionIndex: number) =>
    Object.entries({
      assignmentId: a.assignment,
      questionId: a.interview.questionIds[questionIndex]!,
      filetype: 'video/webm;codecs=vp8,opus',
      filename: 'answer.webm',
      duration: 0.7,
    })
      .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
      .join(',');

  /** Creates the trainee's upload of the whole video on `app`; answers its location. */
  async function create(app: FastifyInstance, questionIndex: number): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: answerVideoUploadPath,
      headers: {
        ...tusVersion,
        ...bearer(a.tokens.trainee),
        'upload-length': String(video.length),
        'upload-metadata': metadata(questionIndex),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.headers['location'] as string;
  }

  const patch = (app: FastifyInstance, location: string, offset: number, chunk: Buffer) =>
    app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tusVersion,
        ...bearer(a.tokens.trainee),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
      },
      payload: chunk,
    });

  const head = (app: FastifyInstance, location: string) =>
    app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...tusVersion, ...bearer(a.tokens.trainee) },
    });

  /** The bytes of the stored file a finishing PATCH answered (its URL, through the bucket's redirect). */
  async function storedBytes(finished: LightMyRequestResponse): Promise<Buffer> {
    const { url } = finished.json().data as { url: string };
    const res = await b.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    return Buffer.from(await (await fetch(String(res.headers['location']))).arrayBuffer());
  }

  it('created and half sent on one copy, finished on the other: the stored video is the original', async () => {
    const location = await create(a.app, 0);
    const half = 1500;
    expect((await patch(a.app, location, 0, video.subarray(0, half))).statusCode).toBe(204);
    expect((await head(b.app, location)).headers['upload-offset']).toBe(String(half));
    const finished = await patch(b.app, location, half, video.subarray(half));
    expect(finished.statusCode, finished.body).toBe(200);
    expect(sha256(await storedBytes(finished))).toBe(sha256(video));
    // Finished (and its partial objects removed) by the second copy: gone on the first as well,
    // whatever the first copy remembers of it.
    expect((await head(a.app, location)).statusCode).toBe(404);
    expect((await patch(a.app, location, video.length, Buffer.alloc(0))).statusCode).toBe(404);
  });

  it('two PATCHes of one upload on the two copies at once: the second waits until the first ended, no byte interleaves', async () => {
    const location = await create(a.app, 1);
    const address = await a.app.listen({ port: 0, host: '127.0.0.1' });
    // The first PATCH, on the first copy, sends part of the video and then stalls (a client whose
    // connection hangs): it holds the upload's lock.
    let firstEndedAt = 0;
    let firstRequest: http.ClientRequest | undefined;
    const firstEnded = new Promise<void>((resolve) => {
      const req = http.request(`${address}${location}`, {
        method: 'PATCH',
        headers: {
          ...tusVersion,
          ...bearer(a.tokens.trainee),
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
          'content-length': String(video.length),
        },
      });
      const end = () => {
        firstEndedAt ||= Date.now();
        req.destroy();
        resolve();
      };
      req.on('response', (res) => {
        res.resume();
        res.on('end', end);
      });
      req.on('error', end);
      req.on('close', end);
      req.write(video.subarray(0, 1200));
      firstRequest = req;
    });
    try {
      await twoPatches(location, () => firstEndedAt, firstEnded);
    } finally {
      firstRequest?.destroy();
    }
  }, 60_000);

  /** Whether someone holds the lock of upload `uploadId`: its row, or PGlite's in-memory lock. */
  async function lockHeld(uploadId: string): Promise<boolean> {
    if (onPostgres) {
      const rows = await a.db.select().from(uploadLocks).where(eq(uploadLocks.uploadId, uploadId));
      return rows.length > 0;
    }
    const { locker } = a.app.partialUploads;
    return locker instanceof MemoryLocker && locker.locks.has(uploadId);
  }

  /** The second PATCH of the upload at `location`, on the other copy, while the first stalls. */
  async function twoPatches(
    location: string,
    firstEndedAt: () => number,
    firstEnded: Promise<void>,
  ) {
    const uploadId = location.split('/').pop()!;
    // Until the first holds the upload's lock (at most 5 s: without a shared lock there is none).
    for (let waited = 0; waited < 5_000 && !(await lockHeld(uploadId)); waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }

    // The second PATCH, on the other copy, from the start with the whole video.
    const second = await patch(b.app, location, 0, video);
    const secondAnsweredAt = Date.now();
    await Promise.race([firstEnded, new Promise((r) => setTimeout(r, 1000))]);
    expect(
      firstEndedAt(),
      'the first request ended before the second was answered',
    ).toBeGreaterThan(0);
    expect(firstEndedAt()).toBeLessThanOrEqual(secondAnsweredAt);
    // The first kept what it had received; the second, from offset 0, is refused as tus says.
    const offset = Number((await head(b.app, location)).headers['upload-offset']);
    if (offset > 0) expect(second.statusCode).toBe(409);

    const finished =
      offset === video.length
        ? second
        : await patch(b.app, location, offset, video.subarray(offset));
    expect(finished.statusCode, finished.body).toBe(200);
    expect(sha256(await storedBytes(finished))).toBe(sha256(video));
  }
});
