/**
 * The trainees' resumable answer-video uploads (tus 1.0.0 at /api/me/uploads): the ladder (401,
 * 403 staff, 404 another trainee's upload), a video sent in chunks and resumed from the offset HEAD
 * answers, then stored, saved as my answer item and served by its signed URL; refusals at creation
 * (not my assignment, not Pending, unknown question, too large, daily volume, bad filetype) and at
 * the end (wrong magic bytes) that keep nothing; real Chrome and Safari-like recordings; tus-js-client
 * resuming over a real socket; expired partial uploads removed at start. Everything but the last
 * runs once per storage driver: the local disk (partial uploads in a folder), and S3 against a
 * real S3 protocol server (helpers/s3-server.ts; partial uploads as multipart uploads in the
 * bucket, reads through the redirect to it).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnswerStatus,
  MediaType,
  answerVideoUploadPath,
  defaultUploadMaxBytesPerDay,
  messages,
  videoMaxBytes,
} from '@practica/contract';
import {
  FileStatus,
  answerItems,
  answers,
  files,
  mediaJobs,
  uploadLedger,
} from '../../src/db/schema/index.js';
import {
  buildAnswersScenario,
  type AnswerActor,
  type AnswersScenario,
} from '../helpers/answers.js';
import { bearer, buildTestApp } from '../helpers/build.js';
import { StorageUnavailableError, type ByteRange } from '../../src/lib/storage/index.js';
import * as media from '../helpers/media-fixtures.js';
import { startS3Server, type StoreCall, type TestS3Server } from '../helpers/s3-server.js';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', name));
const chromeWebm = fixture('chrome-media-recorder.webm');
const chromeMp4 = fixture('chrome-media-recorder.mp4');
const fragmentedIso5 = fixture('fragmented-iso5.mp4');
const fragmentedMp42 = fixture('fragmented-mp42.mp4');

type Driver = 'local' | 's3';
const drivers: Driver[] = ['local', 's3'];

let s: AnswersScenario;
let s3: TestS3Server | undefined;

/** Builds the scenario on `driver` for the tests of the enclosing describe (and its S3 server). */
function useScenario(driver: Driver) {
  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3Server();
    s = await buildAnswersScenario(driver === 's3' ? s3!.env : {});
  });
  afterAll(async () => {
    await s?.close();
    await s3?.close();
    s3 = undefined;
  });
}

/** GETs a file URL the API handed out, following the redirect to the bucket with S3. */
async function read(url: string): Promise<{ statusCode: number; type: unknown; bytes: Buffer }> {
  const res = await s.app.inject({ method: 'GET', url });
  if (res.statusCode !== 302) {
    return { statusCode: res.statusCode, type: res.headers['content-type'], bytes: res.rawPayload };
  }
  const stored = await fetch(String(res.headers['location']));
  return {
    statusCode: stored.status,
    type: stored.headers.get('content-type'),
    bytes: Buffer.from(await stored.arrayBuffer()),
  };
}

const q = (n: number) => s.interview.questionIds[n]!;
const tusVersion = { 'tus-resumable': '1.0.0' };

/** `Upload-Metadata`: each key with its value in base64, comma-separated. */
function metadataHeader(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');
}

const defaults = () => ({
  assignmentId: s.assignment,
  questionId: q(0),
  filetype: 'video/webm;codecs=vp8,opus',
  filename: 'answer-q1.webm',
  duration: 0.7,
});

/** POST /api/me/uploads as `who` (none: no session) declaring `size` bytes and the metadata. */
function create(
  who: AnswerActor | null,
  size: number | null,
  metadata: Record<string, string | number | undefined> = {},
  extra: { headers?: Record<string, string>; payload?: Buffer } = {},
) {
  return s.app.inject({
    method: 'POST',
    url: answerVideoUploadPath,
    headers: {
      ...tusVersion,
      ...(who ? bearer(s.tokens[who]) : {}),
      ...(size !== null ? { 'upload-length': String(size) } : { 'upload-defer-length': '1' }),
      'upload-metadata': metadataHeader({ ...defaults(), ...metadata }),
      ...extra.headers,
    },
    ...(extra.payload ? { payload: extra.payload } : {}),
  });
}

function patch(who: AnswerActor | null, location: string, offset: number, chunk: Buffer) {
  return s.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...tusVersion,
      ...(who ? bearer(s.tokens[who]) : {}),
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    payload: chunk,
  });
}

function head(who: AnswerActor | null, location: string) {
  return s.app.inject({
    method: 'HEAD',
    url: location,
    headers: { ...tusVersion, ...(who ? bearer(s.tokens[who]) : {}) },
  });
}

function cancel(who: AnswerActor | null, location: string) {
  return s.app.inject({
    method: 'DELETE',
    url: location,
    headers: { ...tusVersion, ...(who ? bearer(s.tokens[who]) : {}) },
  });
}

/** Creates an upload of `bytes` as `who` and answers its location (throws unless 201). */
async function started(
  who: AnswerActor,
  bytes: Buffer,
  metadata: Record<string, string | number | undefined> = {},
): Promise<string> {
  const res = await create(who, bytes.length, metadata);
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.headers['location'] as string;
}

async function itemsOf(who: AnswerActor) {
  const [answer] = await s.db
    .select({ id: answers.id })
    .from(answers)
    .where(and(eq(answers.assignmentId, s.assignment), eq(answers.userId, s.ids[who])));
  return s.db.select().from(answerItems).where(eq(answerItems.answerId, answer!.id));
}

/** What a refused upload must leave unchanged: the file rows and everyone's answer items. */
async function snapshot() {
  const [f] = await s.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(files);
  const items = await s.db.select().from(answerItems).orderBy(answerItems.id);
  return { files: f!.n, items };
}

/** The envelope of a refusal: status, catalogue message, JSON. */
function expectRefused(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  message: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toMatchObject({ success: false, message, data: null });
}

describe.each(drivers)('with %s storage', (driver) => {
  useScenario(driver);

  describe('access', () => {
    it('answers 401 without a session and 403 for staff, in the envelope, before anything is stored', async () => {
      const before = await snapshot();
      expectRefused(await create(null, 10), 401, messages.sessionExpired);
      for (const who of ['manager', 'instructor', 'admin'] as const)
        expectRefused(await create(who, 10), 403, messages.forbidden);
      expect(await snapshot()).toEqual(before);
      const location = await started('trainee', chromeWebm);
      expect((await head(null, location)).statusCode).toBe(401);
      expectRefused(await patch('manager', location, 0, chromeWebm), 403, messages.forbidden);
      await cancel('trainee', location);
    });

    it("binds an upload to its creator: another trainee's HEAD, PATCH and DELETE answer 404", async () => {
      const location = await started('trainee', chromeWebm);
      for (const who of ['tessa', 'nina'] as const) {
        expect((await head(who, location)).statusCode).toBe(404);
        expectRefused(await patch(who, location, 0, chromeWebm), 404, messages.notFound);
        expectRefused(await cancel(who, location), 404, messages.notFound);
      }
      const mine = await head('trainee', location);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['upload-offset']).toBe('0');
      expect((await cancel('trainee', location)).statusCode).toBe(204);
      expectRefused(
        await patch(
          'trainee',
          `${answerVideoUploadPath}/0123456789abcdef0123456789abcdef`,
          0,
          chromeWebm,
        ),
        404,
        messages.notFound,
      );
    });

    it('tells the protocol and its limit to OPTIONS without a session', async () => {
      const res = await s.app.inject({ method: 'OPTIONS', url: answerVideoUploadPath });
      expect(res.statusCode).toBe(204);
      expect(res.headers['tus-version']).toBe('1.0.0');
      expect(res.headers['tus-max-size']).toBe(String(videoMaxBytes));
      expect(res.headers['tus-extension']).toContain('creation');
    });
  });

  describe('an upload in chunks, resumed, then finished', () => {
    it('resumes from the offset HEAD answers, stores the video, saves my item and serves the same bytes', async () => {
      const before = (await itemsOf('trainee')).length;
      const location = await started('trainee', chromeWebm, { questionId: q(0), duration: 0.7 });
      expect(location).toMatch(new RegExp(`^${answerVideoUploadPath}/[0-9a-f]{32}$`));
      const half = 2000;
      const first = await patch('trainee', location, 0, chromeWebm.subarray(0, half));
      expect(first.statusCode).toBe(204);
      expect(first.headers['upload-offset']).toBe(String(half));

      // The connection dropped: HEAD says where to go on from; a wrong offset is a 409.
      const offset = await head('trainee', location);
      expect(offset.statusCode).toBe(200);
      expect(offset.headers['upload-offset']).toBe(String(half));
      expect(offset.headers['upload-length']).toBe(String(chromeWebm.length));
      expectRefused(await patch('trainee', location, 0, chromeWebm), 409, messages.conflict);
      expect((await itemsOf('trainee')).length).toBe(before);

      const last = await patch('trainee', location, half, chromeWebm.subarray(half));
      expect(last.statusCode).toBe(200);
      expect(last.headers['content-type']).toMatch(/^application\/json/);
      const body = last.json();
      expect(body).toMatchObject({
        success: true,
        message: messages.answersSaved,
        data: { fileId: expect.any(Number), url: expect.stringMatching(/^\/files\//) },
      });
      const { fileId, url } = body.data as { fileId: number; url: string };

      const [row] = await s.db.select().from(files).where(eq(files.id, fileId));
      expect(row).toMatchObject({
        fileTypeId: MediaType.Video,
        status: FileStatus.Ready,
        createdById: s.ids.trainee,
        size: chromeWebm.length,
        extension: 'webm',
        contentType: 'video/webm',
        name: 'answer-q1.webm',
      });
      const item = (await itemsOf('trainee')).find((i) => i.questionId === q(0));
      expect(item).toMatchObject({ fileId, duration: 0.7 });
      const detail = await s.call('GET', `/api/me/assignments/${s.assignment}`, 'trainee');
      expect(detail.json().data.answer.items).toContainEqual(
        expect.objectContaining({ questionId: q(0), fileId }),
      );

      const served = await read(url);
      expect(served.statusCode).toBe(200);
      expect(served.type).toBe('video/webm');
      expect(Buffer.compare(served.bytes, chromeWebm)).toBe(0);

      // The partial upload is gone once stored: resuming it again finds nothing.
      expect((await head('trainee', location)).statusCode).toBe(404);
    });

    it('replaces my earlier video of the question, deleting it', async () => {
      const old = (await itemsOf('trainee')).find((i) => i.questionId === q(0))!.fileId!;
      const location = await started('trainee', fragmentedIso5, {
        filetype: 'video/mp4',
        filename: 'answer-q1.mp4',
        duration: 0.8,
      });
      const res = await patch('trainee', location, 0, fragmentedIso5);
      expect(res.statusCode).toBe(200);
      const { fileId } = res.json().data as { fileId: number };
      expect((await itemsOf('trainee')).find((i) => i.questionId === q(0))).toMatchObject({
        fileId,
        duration: 0.8,
      });
      expect(await s.db.select().from(files).where(eq(files.id, old))).toEqual([]);
    });

    it('takes the whole video in the creating POST (201 with the envelope and the Location)', async () => {
      const res = await create(
        'tessa',
        chromeMp4.length,
        {
          questionId: q(1),
          filetype: 'video/mp4;codecs=vp9,opus',
          filename: 'q2.mp4',
          duration: 0.6,
        },
        { headers: { 'content-type': 'application/offset+octet-stream' }, payload: chromeMp4 },
      );
      expect(res.statusCode).toBe(201);
      expect(res.headers['location']).toMatch(new RegExp(`^${answerVideoUploadPath}/`));
      expect(res.json()).toMatchObject({ success: true, data: { fileId: expect.any(Number) } });
      expect((await itemsOf('tessa')).find((i) => i.questionId === q(1))).toMatchObject({
        fileId: res.json().data.fileId,
        duration: 0.6,
      });
    });

    it('accepts real recordings: Chrome WebM and MP4, fragmented MP4 of brands iso5 and mp42', async () => {
      const cases = [
        [chromeWebm, 'video/webm;codecs=vp8,opus'],
        [chromeMp4, 'video/mp4;codecs=vp9,opus'],
        [fragmentedIso5, 'video/mp4'],
        [fragmentedMp42, 'video/mp4;codecs=avc1.42E01E,mp4a.40.2'],
      ] as const;
      for (const [bytes, filetype] of cases) {
        const location = await started('omar', bytes, { questionId: q(2), filetype });
        const res = await patch('omar', location, 0, bytes);
        expect(res.statusCode, filetype).toBe(200);
      }
    });
  });

  describe('refused uploads keep nothing', () => {
    it('refuses at creation: not my assignment, not Active, unknown question, bad metadata, too large', async () => {
      const before = await snapshot();
      expectRefused(await create('priya', 100), 404, messages.notFound);
      expectRefused(await create('nina', 100), 404, messages.notFound);
      expectRefused(
        await create('trainee', 100, { assignmentId: s.draft }),
        404,
        messages.notFound,
      );
      expectRefused(await create('trainee', 100, { assignmentId: 999999 }), 404, messages.notFound);
      const unknown = await create('trainee', 100, { questionId: s.ratings.questionIds[0] });
      expectRefused(unknown, 400, messages.questionNotInInterview);
      expect(unknown.json().error.details).toEqual([
        { path: 'questionId', message: messages.questionNotInInterview },
      ]);
      for (const filetype of ['video/quicktime', 'video/x-matroska;codecs=avc1', 'image/png', ''])
        expectRefused(await create('trainee', 100, { filetype }), 400, messages.fileTypeNotAllowed);
      for (const duration of ['0', '-3', 'abc', '3601', undefined])
        expectRefused(await create('trainee', 100, { duration }), 400, messages.durationInvalid);
      expectRefused(await create('trainee', 100, { questionId: 'x' }), 400, messages.idInvalid);
      expectRefused(await create('trainee', null), 400, messages.uploadLengthRequired);
      expectRefused(await create('trainee', videoMaxBytes + 1), 413, messages.fileTooLarge);
      const concat = await create('trainee', 100, {}, { headers: { 'upload-concat': 'partial' } });
      expectRefused(concat, 501, messages.requestUnreadable);
      const noVersion = await create('trainee', 100, {}, { headers: { 'tus-resumable': '0.2.2' } });
      expect(noVersion.statusCode).toBeGreaterThanOrEqual(400);
      expect(noVersion.json()).toMatchObject({ success: false, data: null });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses at creation once my answer is Submitted (the same rule as saving an item)', async () => {
      await s.db
        .update(answers)
        .set({ statusId: AnswerStatus.Submitted })
        .where(and(eq(answers.assignmentId, s.assignment), eq(answers.userId, s.ids.omar)));
      try {
        const before = await snapshot();
        expectRefused(await create('omar', 100), 400, messages.alreadySubmitted);
        expect(await snapshot()).toEqual(before);
      } finally {
        await s.db
          .update(answers)
          .set({ statusId: AnswerStatus.Pending })
          .where(and(eq(answers.assignmentId, s.assignment), eq(answers.userId, s.ids.omar)));
      }
    });

    it('counts the daily upload volume as every upload does: 429 with Retry-After beyond it', async () => {
      // What Tessa's uploads brought so far and her pending ones hold, and bytes received that
      // leave her 1000 bytes of the day.
      const [received] = await s.db
        .select({ bytes: sql<number>`coalesce(sum(${uploadLedger.bytes}), 0)`.mapWith(Number) })
        .from(uploadLedger)
        .where(eq(uploadLedger.userId, s.ids.tessa));
      const [pending] = await s.db
        .select({ bytes: sql<number>`coalesce(sum(${files.declaredSize}), 0)`.mapWith(Number) })
        .from(files)
        .where(and(eq(files.createdById, s.ids.tessa), eq(files.status, FileStatus.Pending)));
      const fill = defaultUploadMaxBytesPerDay - received!.bytes - pending!.bytes - 1000;
      const filler = and(eq(uploadLedger.userId, s.ids.tessa), eq(uploadLedger.bytes, fill));
      await s.db.insert(uploadLedger).values({ userId: s.ids.tessa, bytes: fill });
      try {
        const before = await snapshot();
        const res = await create('tessa', 1001);
        expectRefused(res, 429, messages.uploadDailyLimitReached);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(await snapshot()).toEqual(before);
        // What is left is still mine to use; the reservation holds its room while the bytes arrive.
        const location = await started('tessa', media.webm, { questionId: q(0) });
        expectRefused(
          await create('tessa', 1000 - media.webm.length + 1),
          429,
          messages.uploadDailyLimitReached,
        );
        await cancel('tessa', location);
      } finally {
        await s.db.delete(uploadLedger).where(filler);
      }
    });

    it('wrong magic bytes at the end: 400, the bytes and the reservation removed, no item', async () => {
      const before = await snapshot();
      const fake = media.padTo(Buffer.from('<html>not a video</html>'), 3000);
      const location = await started('trainee', fake, { questionId: q(1) });
      expect((await snapshot()).files).toBe(before.files + 1);
      const res = await patch('trainee', location, 0, fake);
      expectRefused(res, 400, messages.fileTypeNotAllowed);
      expect(await snapshot()).toEqual(before);
      expect((await head('trainee', location)).statusCode).toBe(404);
      // A WebM declared as MP4 is refused the same way.
      const mislabelled = await started('trainee', chromeWebm, {
        questionId: q(1),
        filetype: 'video/mp4',
      });
      expectRefused(
        await patch('trainee', mislabelled, 0, chromeWebm),
        400,
        messages.fileTypeNotAllowed,
      );
      expect(await snapshot()).toEqual(before);
    });

    /**
     * Sends Tessa's whole WebM for question 0 (0.5 s) while the store's put rejects with `failure`
     * and hands the refused PATCH to `expectRefusal`; then checks the upload is kept (HEAD answers
     * every byte) and that the client's retry, an empty PATCH at the end, finishes it (200).
     * Answers the retry's response.
     */
    async function finishAfterFailingStore(
      failure: Error,
      expectRefusal: (res: Awaited<ReturnType<typeof patch>>) => void,
    ) {
      const location = await started('tessa', chromeWebm, { questionId: q(0), duration: 0.5 });
      // The store's write of the finished video: a put of its stream, or on S3 the copy inside
      // the bucket.
      const storage = s.app.files.storage;
      const { put, copy } = storage;
      storage.put = () => Promise.reject(failure);
      if (copy) storage.copy = () => Promise.reject(failure);
      try {
        expectRefusal(await patch('tessa', location, 0, chromeWebm));
      } finally {
        storage.put = put;
        storage.copy = copy;
      }
      const kept = await head('tessa', location);
      expect(kept.headers['upload-offset']).toBe(String(chromeWebm.length));
      const retry = await patch('tessa', location, chromeWebm.length, Buffer.alloc(0));
      expect(retry.statusCode).toBe(200);
      return retry;
    }

    it("a failure of the server's own at the end (storage) keeps the upload: the client's retry finishes it", async () => {
      const retry = await finishAfterFailingStore(new Error('disk unavailable'), (res) => {
        expectRefused(res, 500, messages.somethingWentWrong);
        expect(res.json().error.requestId).toEqual(expect.any(String));
      });
      const { fileId } = retry.json().data as { fileId: number };
      expect((await itemsOf('tessa')).find((i) => i.questionId === q(0))).toMatchObject({
        fileId,
        duration: 0.5,
      });
    });

    it('a failing store at the end answers 503 and keeps the upload: the retry finishes it', async () => {
      await finishAfterFailingStore(new StorageUnavailableError('the store is down'), (res) => {
        expectRefused(res, 503, messages.storageUnavailable);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      });
    });

    it('a cancelled upload (DELETE) gives its reservation back', async () => {
      const before = await snapshot();
      const location = await started('trainee', chromeWebm, { questionId: q(2) });
      await patch('trainee', location, 0, chromeWebm.subarray(0, 1000));
      expect((await cancel('trainee', location)).statusCode).toBe(204);
      expect(await snapshot()).toEqual(before);
      expect((await head('trainee', location)).statusCode).toBe(404);
    });

    it('an answer submitted while its video was uploading: 400 at the end, the video not kept', async () => {
      const location = await started('omar', chromeWebm, { questionId: q(0) });
      const where = and(eq(answers.assignmentId, s.assignment), eq(answers.userId, s.ids.omar));
      await s.db.update(answers).set({ statusId: AnswerStatus.Submitted }).where(where);
      try {
        const before = await snapshot();
        expectRefused(await patch('omar', location, 0, chromeWebm), 400, messages.alreadySubmitted);
        expect((await snapshot()).items).toEqual(before.items);
        expect((await snapshot()).files).toBe(before.files - 1);
      } finally {
        await s.db.update(answers).set({ statusId: AnswerStatus.Pending }).where(where);
      }
    });
  });

  describe.runIf(driver === 's3')('a finished upload on S3 is copied inside the bucket', () => {
    /**
     * Runs `body` while recording the S3 server's calls and the files store's reads; answers the
     * GETs of the objects of `uploadId` (the tus object, its `.info` and `.part` excluded) and the
     * store's reads.
     */
    async function watching(run: () => Promise<void>) {
      const calls: StoreCall[] = [];
      s3!.refuse((call) => {
        calls.push(call);
        return false;
      });
      const storage = s.app.files.storage;
      const { createReadStream } = storage;
      const reads: { key: string; range: ByteRange | undefined }[] = [];
      storage.createReadStream = (key, range) => {
        reads.push({ key, range });
        return createReadStream.call(storage, key, range);
      };
      try {
        await run();
      } finally {
        s3!.refuse(null);
        storage.createReadStream = createReadStream;
      }
      return { calls, reads };
    }
    /** The GetObject calls of `key` among `calls` (a multipart upload's ListParts is no read). */
    const objectReads = (calls: StoreCall[], key: string) =>
      calls.filter((c) => c.method === 'GET' && c.key === key && !('uploadId' in c.query));
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

    it('stores the video without reading its bytes through the server: same answer, same bytes, the media job queued', async () => {
      const location = await started('tessa', chromeWebm, { questionId: q(1), duration: 0.6 });
      const uploadId = location.split('/').pop()!;
      let res: Awaited<ReturnType<typeof patch>> | undefined;
      const { calls, reads } = await watching(async () => {
        res = await patch('tessa', location, 0, chromeWebm);
      });
      expect(res!.statusCode).toBe(200);
      expect(res!.json()).toMatchObject({
        success: true,
        message: messages.answersSaved,
        data: { fileId: expect.any(Number), url: expect.stringMatching(/^\/files\//) },
      });
      const { fileId, url } = res!.json().data as { fileId: number; url: string };
      const [row] = await s.db.select().from(files).where(eq(files.id, fileId));
      expect(row).toMatchObject({ status: FileStatus.Ready, size: chromeWebm.length });

      // Nothing read the tus object; the copy was read once, its first bytes only.
      expect(objectReads(calls, uploadId)).toEqual([]);
      expect(objectReads(calls, row!.storageKey)).toHaveLength(1);
      expect(reads).toEqual([
        { key: row!.storageKey, range: { start: 0, end: expect.any(Number) } },
      ]);
      expect(reads[0]!.range!.end!).toBeLessThan(chromeWebm.length - 1);

      const served = await read(url);
      expect(served.statusCode).toBe(200);
      expect(sha256(served.bytes)).toBe(sha256(chromeWebm));
      const item = (await itemsOf('tessa')).find((i) => i.questionId === q(1));
      expect(item).toMatchObject({ fileId, duration: 0.6 });
      // The job of this video (the item may hold jobs of an earlier video).
      const jobs = await s.db
        .select()
        .from(mediaJobs)
        .where(and(eq(mediaJobs.answerItemId, item!.id), eq(mediaJobs.sourceFileId, fileId)));
      expect(jobs).toHaveLength(s.app.media.processing ? 1 : 0);
      // The partial upload's objects are gone once stored.
      expect((await s3!.listKeys()).filter((k) => k.startsWith(uploadId))).toEqual([]);
    });

    it('refuses a text file named .mp4 with the same message, leaving no object and no reservation', async () => {
      const before = await snapshot();
      const keysBefore = await s3!.listKeys();
      const fake = media.padTo(Buffer.from('just some text, not a video'), 3000);
      const location = await started('tessa', fake, {
        questionId: q(2),
        filetype: 'video/mp4',
        filename: 'answer.mp4',
      });
      const uploadId = location.split('/').pop()!;
      let res: Awaited<ReturnType<typeof patch>> | undefined;
      const { calls } = await watching(async () => {
        res = await patch('tessa', location, 0, fake);
      });
      expectRefused(res!, 400, messages.fileTypeNotAllowed);
      expect(objectReads(calls, uploadId)).toEqual([]);
      expect(await snapshot()).toEqual(before);
      expect(await s3!.listKeys()).toEqual(keysBefore);
      expect((await head('tessa', location)).statusCode).toBe(404);
    });
  });

  describe('over a real socket', () => {
    let address: string;
    beforeAll(async () => {
      address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('a connection dropped in the middle of a PATCH keeps what arrived: HEAD answers it and the upload resumes', async () => {
      const location = await started('trainee', chromeWebm, { questionId: q(1) });
      await new Promise<void>((resolve) => {
        const req = http.request(`${address}${location}`, {
          method: 'PATCH',
          headers: {
            ...tusVersion,
            ...bearer(s.tokens.trainee),
            'content-type': 'application/offset+octet-stream',
            'upload-offset': '0',
            'content-length': String(chromeWebm.length),
          },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(chromeWebm.subarray(0, 1200), () => setTimeout(() => req.destroy(), 200));
      });
      await expect
        .poll(async () => (await head('trainee', location)).headers['upload-offset'])
        .toBe('1200');
      const res = await patch('trainee', location, 1200, chromeWebm.subarray(1200));
      expect(res.statusCode).toBe(200);
      const { fileId, url } = res.json().data as { fileId: number; url: string };
      expect((await itemsOf('trainee')).find((i) => i.questionId === q(1))?.fileId).toBe(fileId);
      expect(Buffer.compare((await read(url)).bytes, chromeWebm)).toBe(0);
    });

    it('tus-js-client uploads in chunks, resumes an aborted upload from the server offset and reads the envelope', async () => {
      const common = {
        endpoint: `${address}${answerVideoUploadPath}`,
        headers: bearer(s.tokens.tessa),
        chunkSize: 1500,
        retryDelays: [],
        metadata: {
          assignmentId: String(s.assignment),
          questionId: String(q(2)),
          filetype: 'video/webm;codecs=vp9,opus',
          filename: 'q3.webm',
          duration: '0.7',
        },
      };
      // First attempt: stopped after the first chunk.
      const uploadUrl = await new Promise<string>((resolve, reject) => {
        const upload = new tus.Upload(chromeWebm, {
          ...common,
          onChunkComplete: () => {
            void upload.abort().then(() => resolve(upload.url!));
          },
          onError: reject,
        });
        upload.start();
      });
      const offset = await head('tessa', new URL(uploadUrl).pathname);
      expect(offset.headers['upload-offset']).toBe('1500');

      const sent: number[] = [];
      const accepted: number[] = [];
      const body = await new Promise<string>((resolve, reject) => {
        const upload = new tus.Upload(chromeWebm, {
          ...common,
          uploadUrl,
          onProgress: (bytes) => sent.push(bytes),
          onChunkComplete: (_chunk, bytes) => accepted.push(bytes),
          onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
          onError: reject,
        });
        upload.start();
      });
      // Resumed from the server's offset, never from zero.
      expect(Math.min(...sent)).toBeGreaterThanOrEqual(1500);
      expect(accepted[0]).toBe(3000);
      expect(accepted.at(-1)).toBe(chromeWebm.length);
      const envelope = JSON.parse(body) as { success: boolean; data: { fileId: number } };
      expect(envelope.success).toBe(true);
      expect((await itemsOf('tessa')).find((i) => i.questionId === q(2))?.fileId).toBe(
        envelope.data.fileId,
      );
    });
  });
});

describe('partial uploads on disk', () => {
  it('removes uploads not finished within 24 hours at start and keeps recent ones', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'practica-tus-test-'));
    try {
      const folder = path.join(dataDir, 'tus');
      await import('node:fs/promises').then((fs) => fs.mkdir(folder, { recursive: true }));
      const info = (id: string, created: Date) => ({
        id,
        size: 100,
        offset: 0,
        metadata: {},
        creation_date: created.toISOString(),
      });
      const expired = 'a'.repeat(32);
      const recent = 'b'.repeat(32);
      for (const [id, created] of [
        [expired, new Date(Date.now() - 25 * 60 * 60 * 1000)],
        [recent, new Date()],
      ] as const) {
        await writeFile(path.join(folder, id), Buffer.alloc(10));
        await writeFile(path.join(folder, `${id}.json`), JSON.stringify(info(id, created)));
      }
      const ctx = await buildTestApp({ DATA_DIR: dataDir }, { seed: false });
      try {
        await expect
          .poll(async () => (await readdir(folder)).sort())
          .toEqual([recent, `${recent}.json`]);
      } finally {
        await ctx.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
