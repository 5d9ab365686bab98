/**
 * Media processing of answer videos (issue 20 §2), on real recordings: a Chrome WebM becomes an
 * H.264/AAC MP4 with a poster and its probed duration; a Safari-like H.264/AAC MP4 is kept as its
 * own playback; an undecodable file fails after its attempts with `last_error` and staff send it
 * back (the review call's authorization; 409 unless failed); a job whose item moved on leaves
 * nothing; a lease that runs out (a copy died mid-job) lets the job run again; two workers never
 * run one job twice; without ffmpeg items stay 'original'. The app's worker does not poll in tests
 * (MEDIA_POLL_MS defaults to 0): jobs run in `app.media.drain()`, and time passing is a due date
 * moved in the database.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaType, messages, type AnswerDetail, type AnswerItem } from '@practica/contract';
import {
  FileStatus,
  JobStatus,
  answerItems,
  answers,
  files,
  mediaJobs,
} from '../src/db/schema/index.js';
import {
  claimDueJobs,
  probeVideo,
  startMediaWorker,
  type MediaTools,
} from '../src/modules/media/index.js';
import { buildAnswersScenario, type AnswersScenario } from './helpers/answers.js';
import { buildWithPlugins } from './helpers/with-plugins.js';
import * as fakeMedia from './helpers/media-fixtures.js';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const chromeWebm = fixture('chrome-media-recorder.webm');
const safariMp4 = fixture('fragmented-iso5.mp4');

let s: AnswersScenario;
let tools: MediaTools;
let answerId: number;
let tmp: string;

beforeAll(async () => {
  s = await buildAnswersScenario();
  if (!s.app.media.tools) throw new Error('these tests need ffmpeg and ffprobe');
  tools = s.app.media.tools;
  answerId = await s.answerIdOf('trainee');
  tmp = await mkdtemp(path.join(os.tmpdir(), 'practica-media-test-'));
});
afterAll(async () => {
  await s.close();
  await rm(tmp, { recursive: true, force: true });
});

const q = (n: number) => s.interview.questionIds[n]!;

/** Uploads `bytes` as the trainee and saves it as the item of question `n` (duration as declared). */
async function record(n: number, bytes: Buffer, name: string, duration = 9): Promise<number> {
  const fileId = await s.upload('trainee', bytes, name);
  const res = await s.call('PUT', `/api/me/assignments/${s.assignment}/answers`, 'trainee', {
    items: [{ questionId: q(n), fileId, duration }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return fileId;
}

/** The trainee's item of question `n` as the review screen shows it. */
async function itemOf(n: number): Promise<AnswerItem> {
  const res = await s.call('GET', `/api/assignments/answers/${answerId}`, 'instructor');
  expect(res.statusCode, res.body).toBe(200);
  const detail = (res.json() as { data: AnswerDetail }).data;
  return detail.data.interviewAnswer.answers.find((i) => i.questionId === q(n))!;
}

async function fileRow(id: number) {
  const [row] = await s.db.select().from(files).where(eq(files.id, id));
  return row;
}

/** Copies a stored file to a temporary path and probes it. */
async function probeStored(id: number) {
  const row = (await fileRow(id))!;
  const target = path.join(tmp, `${id}.${row.extension}`);
  await pipeline(s.app.files.storage.createReadStream(row.storageKey), createWriteStream(target));
  return probeVideo(tools, target);
}

async function jobsOf(itemId: number) {
  return s.db
    .select()
    .from(mediaJobs)
    .where(eq(mediaJobs.answerItemId, itemId))
    .orderBy(mediaJobs.id);
}

/** Time passes: every Pending job is due now (a retry's backoff or a lease ran out). */
const dueNow = () =>
  s.db
    .update(mediaJobs)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mediaJobs.status, JobStatus.Pending));

describe('media jobs', () => {
  it('turns a Chrome WebM into an H.264/AAC MP4 with a poster and the probed duration', async () => {
    const fileId = await record(0, chromeWebm, 'answer-q1.webm', 9);
    const queued = await itemOf(0);
    expect(queued.media).toEqual({
      status: 'processing',
      playback: null,
      poster: null,
      deletedAfterDays: null,
    });
    expect(queued.file?.id).toBe(fileId);

    expect(await s.app.media.drain()).toBe(1);
    const item = await itemOf(0);
    expect(item.media.status).toBe('ready');
    expect(item.file?.id).toBe(fileId);
    expect(item.media.playback!.id).not.toBe(fileId);
    expect(item.media.playback!.url).toMatch(/^\/files\/\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4\?/);
    expect(item.media.poster!.url).toMatch(/\.jpg\?/);
    // The recorder's 0.7 s, not the 9 s the client declared.
    expect(item.duration).toBeGreaterThan(0.4);
    expect(item.duration).toBeLessThan(1.2);

    const mp4 = await probeStored(item.media.playback!.id);
    expect(mp4.formatName.split(',')).toContain('mp4');
    expect(mp4.videoCodec).toBe('h264');
    expect(mp4.audioCodec).toBe('aac');
    const [source, playback, poster] = await Promise.all(
      [fileId, item.media.playback!.id, item.media.poster!.id].map(fileRow),
    );
    for (const [row, type] of [
      [playback, MediaType.Video],
      [poster, MediaType.Image],
    ] as const) {
      expect(row).toMatchObject({
        status: FileStatus.Ready,
        fileTypeId: type,
        createdById: source!.createdById,
        organizationId: source!.organizationId,
      });
      expect(row!.size).toBeGreaterThan(0);
    }
    expect((await jobsOf(item.id))[0]).toMatchObject({ status: JobStatus.Done, attempts: 1 });
  });

  it('keeps an H.264/AAC MP4 as its own playback and makes its poster', async () => {
    const fileId = await record(1, safariMp4, 'answer-q2.mp4');
    expect(await s.app.media.drain()).toBe(1);
    const item = await itemOf(1);
    expect(item.media.status).toBe('ready');
    expect(item.media.playback!.id).toBe(fileId);
    expect(item.media.poster).not.toBeNull();
    expect(item.duration).toBeLessThan(1);
  });

  it('fails an undecodable video after its attempts, with last_error; staff send it back', async () => {
    await record(2, fakeMedia.webm, 'broken.webm');
    const itemId = (await itemOf(2)).id;
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await s.app.media.drain()).toBe(1);
      // The retry waits for its backoff: nothing is due until time passes.
      expect(await s.app.media.drain()).toBe(0);
      await dueNow();
    }
    const [job] = await jobsOf(itemId);
    expect(job).toMatchObject({ status: JobStatus.Failed, attempts: 3 });
    expect(job!.lastError).toMatch(/ffprobe/);
    const failed = await itemOf(2);
    expect(failed.media.status).toBe('failed');
    expect(failed.file).not.toBeNull();

    const url = `/api/answers/${answerId}/items/${itemId}/media/retry`;
    expect((await s.call('POST', url)).statusCode).toBe(401);
    expect((await s.call('POST', url, 'trainee')).statusCode).toBe(403);
    expect((await s.call('POST', url, 'manager2')).statusCode).toBe(404);
    const otherItem = (await itemOf(0)).id;
    const notMine = await s.call(
      'POST',
      `/api/answers/${answerId}/items/${otherItem}/media/retry`,
      'instructor',
    );
    expect(notMine.statusCode).toBe(409);
    expect(notMine.json().message).toBe(messages.mediaNotFailed);
    expect(
      (await s.call('POST', `/api/answers/${answerId}/items/999999/media/retry`, 'instructor'))
        .statusCode,
    ).toBe(404);

    const retried = await s.call('POST', url, 'instructor');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ id: itemId, media: { status: 'processing' } });
    expect((await s.call('POST', url, 'instructor')).statusCode).toBe(409);
    const jobs = await jobsOf(itemId);
    expect(jobs).toHaveLength(2);
    expect(jobs[1]).toMatchObject({ status: JobStatus.Pending, attempts: 0 });
    // Leave the queue empty for the next tests.
    await s.db
      .update(mediaJobs)
      .set({ status: JobStatus.Failed })
      .where(eq(mediaJobs.id, jobs[1]!.id));
  });

  it('ends a job whose item was re-recorded without effect, and drops the old MP4 and poster', async () => {
    const before = await itemOf(0);
    const oldOutputs = [before.media.playback!.id, before.media.poster!.id];
    const first = await record(0, chromeWebm, 'take-2.webm');
    const second = await record(0, safariMp4, 'take-3.mp4');
    // The re-recording deleted the first take and what was made from the one before.
    const gone = await s.db
      .select()
      .from(files)
      .where(inArray(files.id, [first, ...oldOutputs]));
    expect(gone).toEqual([]);
    const imagesBefore = await s.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.fileTypeId, MediaType.Image));

    expect(await s.app.media.drain()).toBe(2);
    const item = await itemOf(0);
    expect(item.media.status).toBe('ready');
    expect(item.media.playback!.id).toBe(second);
    const jobs = await jobsOf(item.id);
    expect(jobs.slice(-2).map((j) => [j.sourceFileId, j.status])).toEqual([
      [first, JobStatus.Done],
      [second, JobStatus.Done],
    ]);
    const imagesAfter = await s.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.fileTypeId, MediaType.Image));
    expect(imagesAfter.length).toBe(imagesBefore.length + 1);
  });

  it('runs a job again once the lease of a copy that died mid-job runs out', async () => {
    await record(1, chromeWebm, 'answer-q2-again.webm');
    const [claimed] = await claimDueJobs(s.db, { limit: 1, leaseMs: 60_000 });
    expect(claimed).toBeDefined();
    // The copy that claimed it is gone; its lease still holds the job.
    expect(await s.app.media.drain()).toBe(0);
    expect((await itemOf(1)).media.status).toBe('processing');
    await dueNow();
    expect(await s.app.media.drain()).toBe(1);
    expect((await itemOf(1)).media.status).toBe('ready');
    const [job] = await s.db.select().from(mediaJobs).where(eq(mediaJobs.id, claimed!.id));
    expect(job).toMatchObject({ status: JobStatus.Done, attempts: 2 });
  });

  it('never runs one job in two workers', async () => {
    await record(1, safariMp4, 'answer-q2-third.mp4');
    const other = startMediaWorker({
      db: s.db,
      storage: s.app.files.storage,
      tools,
      log: { info() {}, warn() {}, error() {} },
      pollMs: 0,
    });
    try {
      const ran = await Promise.all([s.app.media.drain(), other.drain(), s.app.media.drain()]);
      expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await other.stop();
    }
    const item = await itemOf(1);
    expect(item.media.status).toBe('ready');
    const [job] = (await jobsOf(item.id)).slice(-1);
    expect(job).toMatchObject({ status: JobStatus.Done, attempts: 1 });
  });

  it('says how many days after the review VIDEO_RETENTION_DAYS deleted a video', async () => {
    const itemId = (await itemOf(1)).id;
    await s.db
      .update(answers)
      .set({ reviewedAt: new Date('2026-01-01T10:00:00Z') })
      .where(eq(answers.id, answerId));
    await s.db
      .update(answerItems)
      .set({ videoDeletedAt: new Date('2026-01-31T11:00:00Z') })
      .where(eq(answerItems.id, itemId));
    try {
      expect((await itemOf(1)).media).toEqual({
        status: 'deleted',
        playback: null,
        poster: null,
        deletedAfterDays: 30,
      });
    } finally {
      await s.db
        .update(answerItems)
        .set({ videoDeletedAt: null })
        .where(eq(answerItems.id, itemId));
      await s.db.update(answers).set({ reviewedAt: null }).where(eq(answers.id, answerId));
    }
  });

  it('leaves items original without ffmpeg', async () => {
    const bare = await buildWithPlugins(
      { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' },
      { testDb: s.testDb },
    );
    try {
      expect(bare.app.media.tools).toBeNull();
      const fileId = await s.upload('trainee', chromeWebm, 'no-ffmpeg.webm');
      const saved = await bare.app.inject({
        method: 'PUT',
        url: `/api/me/assignments/${s.assignment}/answers`,
        headers: { authorization: `Bearer ${s.tokens.trainee}` },
        payload: { items: [{ questionId: q(2), fileId, duration: 0.7 }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [item] = await s.db
        .select()
        .from(answerItems)
        .where(and(eq(answerItems.answerId, answerId), eq(answerItems.questionId, q(2))));
      expect(item!.mediaStatus).toBe(0);
      expect(await jobsOf(item!.id)).toHaveLength(2); // the earlier take's two; none for this one
      expect((await itemOf(2)).media).toEqual({
        status: 'original',
        playback: null,
        poster: null,
        deletedAfterDays: null,
      });
      expect(await bare.app.media.drain()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
