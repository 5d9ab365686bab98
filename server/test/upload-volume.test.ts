/**
 * The daily upload volume counts the bytes received, not the files that still exist (operations.md 'File
 * URLs and upload volume'): with UPLOAD_MAX_BYTES_PER_DAY=120000, re-recording one answer (a 47 KB
 * video, replaced, again and again) is refused on the third upload although the earlier videos
 * were deleted; a cancelled upload's received bytes count; Retry-After says when the oldest
 * counted bytes leave the 24 hours; the ledger's rows older than a day are swept; erasing a user
 * removes its rows. Each refusal would have been accepted when the volume counted only the files
 * left.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerVideoUploadPath, messages } from '@practica/contract';
import { FileStatus, answerItems, answers, files, uploadLedger } from '../src/db/schema/index.js';
import { sweepUploadLedger } from '../src/modules/files/index.js';
import { buildAnswersScenario, type AnswerActor, type AnswersScenario } from './helpers/answers.js';
import { bearer } from './helpers/build.js';
import * as media from './helpers/media-fixtures.js';

const limit = 120_000;
/** A 47 KB recording: WebM magic bytes, then padding. */
const recording = media.padTo(media.webm, 47_000);

let s: AnswersScenario;
beforeAll(async () => {
  s = await buildAnswersScenario({ UPLOAD_MAX_BYTES_PER_DAY: String(limit) });
});
afterAll(() => s?.close());

const hourMs = 60 * 60 * 1000;

/** `Upload-Metadata` of an answer video of question `n` (0-based). */
function metadata(n: number): string {
  return Object.entries({
    assignmentId: s.assignment,
    questionId: s.interview.questionIds[n],
    filetype: 'video/webm',
    duration: 1.5,
  })
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');
}

const tus = (who: AnswerActor) => ({ 'tus-resumable': '1.0.0', ...bearer(s.tokens[who]) });

/** POST /api/me/uploads of `size` bytes for question `n`, carrying `payload` when given. */
function create(who: AnswerActor, size: number, n = 0, payload?: Buffer) {
  return s.app.inject({
    method: 'POST',
    url: answerVideoUploadPath,
    headers: {
      ...tus(who),
      'upload-length': String(size),
      'upload-metadata': metadata(n),
      ...(payload ? { 'content-type': 'application/offset+octet-stream' } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

/** Records `bytes` as my answer to question `n` in one request (the creating POST carries them). */
async function record(who: AnswerActor, bytes: Buffer, n = 0) {
  const res = await create(who, bytes.length, n, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { fileId: number };
}

const ledgerOf = (who: AnswerActor) =>
  s.db
    .select()
    .from(uploadLedger)
    .where(eq(uploadLedger.userId, s.ids[who]))
    .orderBy(uploadLedger.receivedAt);

/** The files `who` created that still exist. */
const filesOf = (who: AnswerActor) =>
  s.db.select().from(files).where(eq(files.createdById, s.ids[who]));

function expectVolumeRefused(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ success: false, message: messages.uploadDailyLimitReached });
  return Number(res.headers['retry-after']);
}

beforeEach(async () => {
  await s.db.delete(uploadLedger);
});

describe('re-recording an answer', () => {
  it('is refused with 429 on the third 47 KB upload although the earlier videos were deleted', async () => {
    const first = await record('tessa', recording);
    const second = await record('tessa', recording);
    // The second replaced the first as the item's video: the first file is gone.
    const existing = await filesOf('tessa');
    expect(existing.map((f) => f.id)).toContain(second.fileId);
    expect(existing.map((f) => f.id)).not.toContain(first.fileId);
    const [answer] = await s.db
      .select({ id: answers.id })
      .from(answers)
      .where(and(eq(answers.assignmentId, s.assignment), eq(answers.userId, s.ids.tessa)));
    const items = await s.db.select().from(answerItems).where(eq(answerItems.answerId, answer!.id));
    expect(items.map((i) => i.fileId)).toEqual([second.fileId]);
    expect((await ledgerOf('tessa')).map((r) => r.bytes)).toEqual([
      recording.length,
      recording.length,
    ]);

    const before = (await filesOf('tessa')).length;
    expectVolumeRefused(await create('tessa', recording.length));
    expect((await filesOf('tessa')).length).toBe(before);
  });

  it('answers Retry-After as the time until the oldest counted bytes leave the 24 hours', async () => {
    await record('omar', recording);
    await record('omar', recording, 1);
    // The first upload was received 23 hours ago: room comes back in an hour.
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * hourMs);
    // (Matched in SQL: PostgreSQL keeps microseconds a JavaScript Date does not.)
    const moveOldest = (to: Date) =>
      s.db
        .update(uploadLedger)
        .set({ receivedAt: to })
        .where(
          and(
            eq(uploadLedger.userId, s.ids.omar),
            sql`${uploadLedger.receivedAt} = (select min(received_at) from upload_ledger where user_id = ${s.ids.omar})`,
          ),
        );
    await moveOldest(hoursAgo(23));
    const retryAfter = expectVolumeRefused(await create('omar', recording.length, 2));
    expect(retryAfter).toBeGreaterThan(3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Once it is more than 24 hours old it no longer counts.
    await moveOldest(hoursAgo(25));
    expect((await create('omar', recording.length, 2)).statusCode).toBe(201);
  });
});

describe('bytes of uploads that did not become files', () => {
  it('a cancelled upload counts the bytes it had received', async () => {
    const created = await create('trainee', 100_000, 2);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers['location']);
    const sent = media.padTo(media.webm, 60_000);
    const patched = await s.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tus('trainee'),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      payload: sent,
    });
    expect(patched.statusCode).toBe(204);
    expect(
      (await s.app.inject({ method: 'DELETE', url: location, headers: tus('trainee') })).statusCode,
    ).toBe(204);
    // The reservation is given back, the 60 KB received stay counted: 70 KB more is too much.
    expect((await filesOf('trainee')).filter((f) => f.status === FileStatus.Pending)).toEqual([]);
    expect((await ledgerOf('trainee')).map((r) => r.bytes)).toEqual([60_000]);
    expectVolumeRefused(await create('trainee', 70_000, 2));
    expect((await create('trainee', 60_000, 2)).statusCode).toBe(201);
  });

  it('a video refused at the end (wrong magic bytes) counts its bytes', async () => {
    const fake = media.padTo(Buffer.from('<html>not a video</html>'), 50_000);
    const res = await create('trainee', fake.length, 1, fake);
    expect(res.statusCode).toBe(400);
    expect((await ledgerOf('trainee')).map((r) => r.bytes)).toEqual([fake.length]);
  });
});

describe('the ledger', () => {
  it('keeps one row per upload, swept once older than a day', async () => {
    const old = new Date(Date.now() - 25 * hourMs);
    await s.db.insert(uploadLedger).values([
      { userId: s.ids.nina, bytes: 10, receivedAt: old },
      { userId: s.ids.nina, bytes: 20 },
    ]);
    expect(await sweepUploadLedger(s.app.files)).toBe(1);
    expect((await ledgerOf('nina')).map((r) => r.bytes)).toEqual([20]);
  });

  it('erasing a user removes its rows', async () => {
    await s.db.insert(uploadLedger).values([
      { userId: s.ids.priya, bytes: 10 },
      { userId: s.ids.nina, bytes: 20 },
    ]);
    expect((await s.call('PUT', `/api/users/${s.ids.priya}/delete`, 'admin')).statusCode).toBe(200);
    expect((await s.call('DELETE', `/api/users/${s.ids.priya}`, 'admin')).statusCode).toBe(200);
    const rows = await s.db
      .select({ userId: uploadLedger.userId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(uploadLedger)
      .groupBy(uploadLedger.userId);
    expect(rows).toEqual([{ userId: s.ids.nina, n: 1 }]);
  });
});
