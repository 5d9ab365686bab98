/**
 * Media processing of answer videos (decisions.md#media §2), on real recordings: H.264 from Safari (a
 * fragmented MP4 with AAC) and Chromium (MP4 or WebM with Opus) is copied, not encoded, into a new
 * plain MP4 with its index first (Opus becomes AAC), rotation kept; VP8 and VP9 are encoded to
 * H.264/AAC; each gets a poster and its probed duration. A file ffmpeg cannot read fails at once
 * with a reason the reviewer reads and staff send it back (the review call's authorization; 409
 * unless failed); a storage failure is retried; a job whose item moved on leaves nothing; a lease
 * that runs out (a copy died mid-job) lets the job run again; two workers never run one job twice;
 * without ffmpeg items stay 'original'. The app's worker does not poll in tests (MEDIA_POLL_MS
 * defaults to 0): jobs run in `app.media.drain()`, and time passing is a due date moved in the
 * database.
 */
import { execFile } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaType, messages } from '@practica/contract';
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
import type { AnswersScenario } from './helpers/answers.js';
import {
  buildMediaScenario,
  chromeWebm,
  chromiumMp4,
  mediaSteps,
  recordingFixture,
  safariMp4,
} from './helpers/media-answers.js';
import { buildWithPlugins } from './helpers/with-plugins.js';
import * as fakeMedia from './helpers/media-fixtures.js';

const chromiumH264Webm = recordingFixture('chromium-h264-opus.webm');
const chromiumVp9Webm = recordingFixture('chromium-vp9-opus.webm');
const rotatedMp4 = recordingFixture('rotated-90-fragmented.mp4');
const exec = promisify(execFile);

let s: AnswersScenario;
let tools: MediaTools;
let answerId: number;
let tmp: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ s, tools, tmp, close } = await buildMediaScenario('practica-media-test-'));
  answerId = await s.answerIdOf('trainee');
});
afterAll(() => close());

const { q, record, recordStored, itemOf, jobsOf, dueNow } = mediaSteps(() => s);

async function fileRow(id: number) {
  const [row] = await s.db.select().from(files).where(eq(files.id, id));
  return row;
}

/** Copies a stored file to a temporary path; answers the path. */
async function copyStored(id: number): Promise<string> {
  const row = (await fileRow(id))!;
  const target = path.join(tmp, `${id}.${row.extension}`);
  await pipeline(s.app.files.storage.createReadStream(row.storageKey), createWriteStream(target));
  return target;
}

/**
 * The video of `file` as decoded frames, each frame's MD5 (ffmpeg's framemd5, every frame at its
 * own time). A copied H.264 stream decodes to the very same frames (its packets may change form:
 * Chromium's WebM carries start codes, MP4 length prefixes); an encode never does.
 */
async function decodedFrames(file: string): Promise<string[]> {
  const { stdout } = await exec(tools.ffmpeg, [
    ...['-v', 'error', '-i', file, '-map', '0:v:0', '-vsync', 'passthrough', '-f', 'framemd5', '-'],
  ]);
  return stdout
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').at(-1)!.trim());
}

/** The top-level box types of an MP4, in order (`moov` before `mdat`: it starts playing at once). */
function topLevelBoxes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    let size = bytes.readUInt32BE(at);
    types.push(bytes.toString('latin1', at + 4, at + 8));
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) break;
    at += size;
  }
  return types;
}

/**
 * The item of question `n` once processed: Ready, its playback a new MP4 (not the upload) whose
 * video is `copied` from the upload (the same frames) or not, H.264 with AAC audio, a plain MP4 (no
 * fragments) with its index before the media data, and a poster. Answers the playback's probe.
 */
async function expectPlayback(n: number, uploadId: number, copied: boolean) {
  const item = await itemOf(n);
  expect(item.media.status).toBe('ready');
  expect(item.media.failure).toBeNull();
  expect(item.media.playback!.id).not.toBe(uploadId);
  expect(item.media.poster).not.toBeNull();
  const [upload, playback, poster] = await Promise.all(
    [uploadId, item.media.playback!.id, item.media.poster!.id].map(copyStored),
  );
  const mp4 = await probeVideo(tools, playback!, 'mp4');
  expect(mp4).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
  const frames = await decodedFrames(upload!);
  expect(frames.length).toBeGreaterThan(3);
  // The same frames in the same order; a WebM's last frame, which has no duration, may be left out.
  const out = await decodedFrames(playback!);
  const same = out.length >= frames.length - 1 && out.every((hash, i) => hash === frames[i]);
  expect(same).toBe(copied);
  const boxes = topLevelBoxes(readFileSync(playback!));
  expect(boxes).not.toContain('moof');
  expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  expect(readFileSync(poster!).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8])); // a JPEG
  return { item, mp4 };
}

describe('media jobs', () => {
  it('turns a Chrome WebM into an H.264/AAC MP4 with a poster and the probed duration', async () => {
    const fileId = await record(0, chromeWebm, 'answer-q1.webm', { duration: 9 });
    const queued = await itemOf(0);
    expect(queued.media).toEqual({
      status: 'processing',
      playback: null,
      poster: null,
      deletedAfterDays: null,
      failure: null,
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

    const { mp4 } = await expectPlayback(0, fileId, false);
    expect(mp4.formatName.split(',')).toContain('mp4');
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

  it("copies a Safari-style fragmented H.264/AAC MP4's video and audio into a plain MP4 with its index first", async () => {
    const fileId = await record(1, safariMp4, 'answer-q2.mp4');
    expect(await s.app.media.drain()).toBe(1);
    const { item } = await expectPlayback(1, fileId, true);
    expect(item.duration).toBeLessThan(1);
  });

  it("copies a Chromium H.264 MP4's video and encodes its Opus audio to AAC", async () => {
    const fileId = await record(1, chromiumMp4, 'answer-q2-chromium.mp4');
    expect(await s.app.media.drain()).toBe(1);
    const { item } = await expectPlayback(1, fileId, true);
    expect(item.duration).toBeGreaterThan(0.9);
    expect(item.duration).toBeLessThan(1.5);
  });

  it("copies the H.264 video of Chromium's WebM (Matroska) too", async () => {
    const fileId = await recordStored(1, chromiumH264Webm, 'webm', 'answer-q2-chromium.webm');
    expect(await s.app.media.drain()).toBe(1);
    await expectPlayback(1, fileId, true);
  });

  it('keeps the rotation of a copied portrait recording', async () => {
    const fileId = await record(1, rotatedMp4, 'answer-q2-portrait.mp4');
    expect(await s.app.media.drain()).toBe(1);
    const { mp4 } = await expectPlayback(1, fileId, true);
    expect(mp4.rotation).toBe(90);
  });

  it('encodes VP9 (a Chromium WebM) to H.264', async () => {
    const fileId = await record(1, chromiumVp9Webm, 'answer-q2-vp9.webm');
    expect(await s.app.media.drain()).toBe(1);
    await expectPlayback(1, fileId, false);
  });

  it('fails an unreadable video at once, without retries, and says why; staff send it back', async () => {
    await record(2, fakeMedia.webm, 'broken.webm');
    const itemId = (await itemOf(2)).id;
    expect(await s.app.media.drain()).toBe(1);
    await dueNow();
    expect(await s.app.media.drain()).toBe(0);
    const [job] = await jobsOf(itemId);
    expect(job).toMatchObject({ status: JobStatus.Failed, attempts: 1 });
    expect(job!.lastError).toMatch(/^\[unreadable\] ffprobe/);
    const failed = await itemOf(2);
    expect(failed.media.status).toBe('failed');
    expect(failed.media.failure).toBe(messages.mediaUnreadable);
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
    expect(retried.json().data).toMatchObject({
      id: itemId,
      media: { status: 'processing', failure: null },
    });
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

  it('retries a job whose storage failed, without a reason for the reviewer', async () => {
    await record(1, safariMp4, 'answer-q2-storage.mp4');
    const broken = {
      ...s.app.files.storage,
      createReadStream: () =>
        new Readable({
          read() {
            this.destroy(new Error('the store is unreachable'));
          },
        }),
    };
    const other = startMediaWorker({
      db: s.db,
      storage: broken,
      tools,
      log: { info() {}, warn() {}, error() {} },
      pollMs: 0,
    });
    try {
      expect(await other.drain()).toBe(1);
    } finally {
      await other.stop();
    }
    const item = await itemOf(1);
    expect(item.media).toMatchObject({ status: 'processing', failure: null });
    const [job] = (await jobsOf(item.id)).slice(-1);
    expect(job).toMatchObject({ status: JobStatus.Pending, attempts: 1 });
    expect(job!.lastError).toMatch(/unreachable/);
    await dueNow();
    expect(await s.app.media.drain()).toBe(1);
    expect((await itemOf(1)).media.status).toBe('ready');
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
    expect(item.file!.id).toBe(second);
    expect(item.media.playback!.id).not.toBe(second);
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
    // Nothing of the first take's job is left: one MP4 and one poster for the item.
    const outputs = await s.db
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, [item.media.playback!.id, item.media.poster!.id]));
    expect(outputs).toHaveLength(2);
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
        failure: null,
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
        failure: null,
      });
      expect(await bare.app.media.drain()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
