/**
 * The media job against hostile recordings (ffmpeg in a box), on PGlite or PostgreSQL:
 *
 * - an HLS playlist saved as .mp4 or .webm that names a local video fails at once, and nothing is
 *   made from what it names (the job reads only its own file, with the demuxer the extension
 *   claims);
 * - a WebM header over an MPEG-TS stream (the upload check takes it for a WebM) fails at once;
 * - a 4 KB WebM whose two frames are 36,000 s apart fails as too long within seconds, instead of
 *   ffmpeg writing 10 hours of copies of a frame;
 * - with one job at a time, a recording that stalls ffmpeg is killed at its time bound and not
 *   retried, so the good recording queued behind it waits one bound at most;
 * - a running job is killed within its watch period when its item is re-recorded, or its owner is
 *   soft-deleted (the job is put aside) or erased, and leaves no process, file or folder behind.
 *
 * The stalls use a stand-in ffmpeg (a shell script) that sleeps instead of converting a WebM and
 * runs the real ffmpeg otherwise; it notes its process id and arguments for the checks.
 */
import { chmod, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerTimeLimitSeconds, format, messages } from '@practica/contract';
import { JobStatus, files, mediaJobs } from '../src/db/schema/index.js';
import { startMediaWorker, type MediaTools, type MediaWorker } from '../src/modules/media/index.js';
import type { AnswersScenario } from './helpers/answers.js';
import {
  buildMediaScenario,
  chromeWebm,
  chromiumMp4,
  mediaSteps,
  recordingFixture,
} from './helpers/media-answers.js';

let s: AnswersScenario;
let tools: MediaTools;
let tmp: string;
let close: () => Promise<void>;
/** The stand-in ffmpeg: sleeps on a WebM, runs the real one otherwise. */
let stalling: MediaTools;
let pidFile: string;
let argsFile: string;

beforeAll(async () => {
  ({ s, tools, tmp, close } = await buildMediaScenario('practica-media-box-test-'));
  pidFile = path.join(tmp, 'ffmpeg.pid');
  argsFile = path.join(tmp, 'ffmpeg.args');
  const script = path.join(tmp, 'ffmpeg');
  await writeFile(
    script,
    [
      '#!/bin/sh',
      'case "$*" in',
      // The arguments first: the pid file tells the test both are there.
      `  *source.webm*) echo "$*" > '${argsFile}'; echo $$ > '${pidFile}.new'; mv '${pidFile}.new' '${pidFile}'; exec sleep 600 ;;`,
      'esac',
      `exec '${tools.ffmpeg}' "$@"`,
      '',
    ].join('\n'),
  );
  await chmod(script, 0o755);
  stalling = { ...tools, ffmpeg: script };
});
afterAll(() => close());

// Items declare one second: the job goes by what it probes.
const { record, recordStored, itemOf, jobsOf, dueNow } = mediaSteps(() => s, {
  declaredSeconds: 1,
});

async function fileCount(): Promise<number> {
  const [row] = await s.db.select({ n: count() }).from(files);
  return row!.n;
}

/** Expects the item of `n` Failed at once (one attempt, no retry) for `reason`, with nothing made. */
async function expectFailedAtOnce(n: number, reason: string, failure: string, filesBefore: number) {
  const item = await itemOf(n);
  expect(item.media).toMatchObject({ status: 'failed', playback: null, poster: null, failure });
  const [job] = (await jobsOf(item.id)).slice(-1);
  expect(job).toMatchObject({ status: JobStatus.Failed, attempts: 1 });
  expect(job!.lastError).toMatch(new RegExp(`^\\[${reason}\\] `));
  expect(await fileCount()).toBe(filesBefore);
  await dueNow();
  expect(await s.app.media.drain()).toBe(0);
}

/** A worker of its own with the stand-in ffmpeg, one job at a time. */
function stallingWorker(minBoundMs?: number): MediaWorker {
  return startMediaWorker({
    db: s.db,
    storage: s.app.files.storage,
    tools: stalling,
    log: { info() {}, warn() {}, error() {} },
    pollMs: 0,
    concurrency: 1,
    ...(minBoundMs ? { minBoundMs } : {}),
  });
}

/** Whether process `pid` still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check()` holds, polling every 50 ms; answers the milliseconds it took. */
async function until(check: () => boolean | Promise<boolean>, withinMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

/** Waits for the stand-in ffmpeg to stall on a WebM; answers its pid and the job's folder. */
async function stalled(): Promise<{ pid: number; dir: string }> {
  await rm(pidFile, { force: true });
  await until(async () => (await stat(pidFile).catch(() => null)) !== null, 20_000);
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  const args = await readFile(argsFile, 'utf8');
  const dir = path.dirname(/(?:file:)?(\/\S+\/source\.webm)/.exec(args)![1]!);
  expect(running(pid)).toBe(true);
  return { pid, dir };
}

const exists = async (file: string) => (await stat(file).catch(() => null)) !== null;

describe('the media job in its box', () => {
  it('fails an HLS playlist saved as .mp4 or .webm at once and makes nothing from the file it names', async () => {
    const canary = path.join(tmp, 'canary.mp4');
    await writeFile(canary, chromiumMp4);
    const playlist = Buffer.from(
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:1.0,\nfile://${canary}\n#EXT-X-ENDLIST\n`,
    );
    for (const extension of ['mp4', 'webm'] as const) {
      await recordStored(0, playlist, extension);
      const filesBefore = await fileCount();
      expect(await s.app.media.drain()).toBe(1);
      await expectFailedAtOnce(0, 'unreadable', messages.mediaUnreadable, filesBefore);
    }
  });

  it('fails a WebM header over an MPEG-TS stream at once', async () => {
    await record(1, recordingFixture('ebml-mpegts.webm'), 'ebml-mpegts.webm');
    const filesBefore = await fileCount();
    expect(await s.app.media.drain()).toBe(1);
    await expectFailedAtOnce(1, 'unreadable', messages.mediaUnreadable, filesBefore);
  });

  it('fails a 4 KB WebM whose frames are 36,000 s apart as too long, in seconds', async () => {
    await record(2, recordingFixture('frames-36000s-apart.webm'), 'far-apart.webm');
    const filesBefore = await fileCount();
    const started = performance.now();
    expect(await s.app.media.drain()).toBe(1);
    expect(performance.now() - started).toBeLessThan(10_000);
    await expectFailedAtOnce(
      2,
      'too-long',
      format.mediaTooLong(answerTimeLimitSeconds),
      filesBefore,
    );
    expect(format.mediaTooLong(answerTimeLimitSeconds)).toBe(
      'This recording is longer than the 3-minute limit.',
    );
  });

  it('kills a stalled ffmpeg at its time bound without a retry: the good job behind it waits one bound at most', async () => {
    // Short for the test, and still roomy enough for the good job on a busy machine.
    const boundMs = 12_000;
    await record(0, chromeWebm, 'stalls.webm'); // the stand-in sleeps on it
    await record(1, chromiumMp4, 'good.mp4');
    const worker = stallingWorker(boundMs);
    const started = performance.now();
    try {
      const drained = worker.drain();
      const { pid, dir } = await stalled();
      await until(async () => (await itemOf(1)).media.status !== 'processing', boundMs + 30_000);
      const waited = performance.now() - started;
      expect((await itemOf(1)).media.status).toBe('ready');
      expect(waited).toBeGreaterThanOrEqual(boundMs);
      expect(waited).toBeLessThan(boundMs + 30_000);
      expect(await drained).toBe(2);
      expect(running(pid)).toBe(false);
      expect(await exists(dir)).toBe(false);
    } finally {
      await worker.stop();
    }
    const hostile = await itemOf(0);
    expect(hostile.media).toMatchObject({ status: 'failed', failure: messages.mediaTooSlow });
    const [job] = (await jobsOf(hostile.id)).slice(-1);
    expect(job).toMatchObject({ status: JobStatus.Failed, attempts: 1 });
    expect(job!.lastError).toMatch(/^\[too-slow\] /);
  }, 60_000);

  it('kills a running job at once when its item is re-recorded, leaving nothing behind', async () => {
    const first = await record(2, chromeWebm, 'take-1.webm');
    const itemId = (await itemOf(2)).id;
    const filesBefore = await fileCount();
    const worker = stallingWorker();
    try {
      const drained = worker.drain();
      const { pid, dir } = await stalled();
      const second = await record(2, chromiumMp4, 'take-2.mp4');
      expect(await until(() => !running(pid), 5_000)).toBeLessThan(5_000);
      expect(await drained).toBe(2); // the first take's job, then the second's
      expect(await exists(dir)).toBe(false);
      const jobs = await jobsOf(itemId);
      expect(jobs.slice(-2).map((j) => [j.sourceFileId, j.status])).toEqual([
        [first, JobStatus.Done],
        [second, JobStatus.Done],
      ]);
      const item = await itemOf(2);
      expect(item.media.status).toBe('ready');
      expect(item.file!.id).toBe(second);
      // The first take went with its re-recording; the second brought its upload, MP4 and poster.
      expect(await fileCount()).toBe(filesBefore - 1 + 3);
    } finally {
      await worker.stop();
    }
  });

  it('kills a running job at once when its owner is soft-deleted, and keeps the job for a restore', async () => {
    await record(0, chromeWebm, 'tessa.webm', { who: 'tessa' });
    const itemId = (await itemOf(0, 'tessa')).id;
    const filesBefore = await fileCount();
    const worker = stallingWorker();
    try {
      const drained = worker.drain();
      const { pid, dir } = await stalled();
      const deleted = await s.call('PUT', `/api/users/${s.ids.tessa}/delete`, 'admin');
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await until(() => !running(pid), 5_000)).toBeLessThan(5_000);
      expect(await drained).toBe(1);
      expect(await exists(dir)).toBe(false);
    } finally {
      await worker.stop();
    }
    const [job] = await jobsOf(itemId);
    expect(job).toMatchObject({ status: JobStatus.Pending, attempts: 0 });
    const [{ later } = { later: false }] = await s.db
      .select({ later: sql<boolean>`${mediaJobs.nextAttemptAt} > now() + interval '30 minutes'` })
      .from(mediaJobs)
      .where(eq(mediaJobs.id, job!.id));
    expect(later).toBe(true);
    expect(await fileCount()).toBe(filesBefore);
    const restored = await s.call('PUT', `/api/users/${s.ids.tessa}/restore`, 'admin');
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('kills a running job at once when its owner is erased, leaving nothing behind', async () => {
    const [last] = await s.db.select({ id: sql<number>`max(${files.id})` }).from(files);
    await record(1, chromeWebm, 'omar.webm', { who: 'omar' });
    const itemId = (await itemOf(1, 'omar')).id;
    const worker = stallingWorker();
    try {
      const drained = worker.drain();
      const { pid, dir } = await stalled();
      const deleted = await s.call('PUT', `/api/users/${s.ids.omar}/delete`, 'admin');
      expect(deleted.statusCode, deleted.body).toBe(200);
      const erased = await s.call('DELETE', `/api/users/${s.ids.omar}`, 'admin');
      expect(erased.statusCode, erased.body).toBe(200);
      expect(await until(() => !running(pid), 5_000)).toBeLessThan(5_000);
      expect(await drained).toBe(1);
      expect(await exists(dir)).toBe(false);
    } finally {
      await worker.stop();
    }
    expect(await jobsOf(itemId)).toEqual([]);
    // Neither the upload nor anything the job made is left.
    const [left] = await s.db.select({ n: count() }).from(files).where(gt(files.id, last!.id));
    expect(left!.n).toBe(0);
  });
});
