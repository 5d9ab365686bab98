/**
 * Media job test helpers over the answers scenario (answers.ts) with ffmpeg: the real recordings
 * in test/fixtures, a scenario with the media tools and a temporary folder, and the steps the
 * media tests take — record a video as a trainee's item, swap an item's stored bytes for bytes no
 * upload check saw, read an item as the review screen shows it, list its jobs, let time pass.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AnswerDetail, AnswerItem } from '@practica/contract';
import { JobStatus, files, mediaJobs } from '../../src/db/schema/index.js';
import { newStorageKey } from '../../src/lib/storage/index.js';
import type { MediaTools } from '../../src/modules/media/index.js';
import { buildAnswersScenario, type AnswerActor, type AnswersScenario } from './answers.js';

/** The bytes of the recording `name` in server/test/fixtures. Throws when there is none. */
export const recordingFixture = (name: string): Buffer =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', name));

/** Chrome's MediaRecorder WebM (VP8 + Opus). */
export const chromeWebm = recordingFixture('chrome-media-recorder.webm');
/** Safari's fragmented MP4 (H.264 + AAC, brand iso5). */
export const safariMp4 = recordingFixture('fragmented-iso5.mp4');
/** Chromium's fragmented MP4 (H.264 + Opus). */
export const chromiumMp4 = recordingFixture('chromium-h264-opus.mp4');

/** The answers scenario with ffmpeg and ffprobe, and a temporary folder of its own. */
export interface MediaScenario {
  s: AnswersScenario;
  tools: MediaTools;
  /** A new folder under the system's temporary one, removed by `close`. */
  tmp: string;
  /** Closes the app and removes `tmp`. */
  close(): Promise<void>;
}

/**
 * Builds the answers scenario (production app, PGlite by default) and a temporary folder named
 * from `tmpPrefix`. Throws when the machine has no ffmpeg and ffprobe: the media tests need them.
 */
export async function buildMediaScenario(tmpPrefix: string): Promise<MediaScenario> {
  const s = await buildAnswersScenario();
  if (!s.app.media.tools) {
    await s.close();
    throw new Error('these tests need ffmpeg and ffprobe');
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), tmpPrefix));
  return {
    s,
    tools: s.app.media.tools,
    tmp,
    close: async () => {
      await s.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * The media tests' steps on the scenario `scenario()` answers (built in `beforeAll`, so asked for
 * at each step). `declaredSeconds`: the duration a recorded item declares unless told (default 9).
 */
export function mediaSteps(scenario: () => AnswersScenario, { declaredSeconds = 9 } = {}) {
  /** The id of the interview's question `n` (0-based). */
  const q = (n: number) => scenario().interview.questionIds[n]!;

  /**
   * Uploads `bytes` as `who` (default the trainee) and saves it as their item of question `n`,
   * declared `duration` seconds long. Answers the file id; fails the test unless the save is 200.
   */
  async function record(
    n: number,
    bytes: Buffer,
    name: string,
    { who = 'trainee', duration = declaredSeconds }: { who?: AnswerActor; duration?: number } = {},
  ): Promise<number> {
    const s = scenario();
    const fileId = await s.upload(who, bytes, name);
    const res = await s.call('PUT', `/api/me/assignments/${s.assignment}/answers`, who, {
      items: [{ questionId: q(n), fileId, duration }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return fileId;
  }

  /**
   * Records a valid video of `extension` (Safari's MP4 or Chrome's WebM, as `name`) for question
   * `n`, then, before its job runs, makes the item's file hold `stored` instead: bytes that passed
   * no upload check (a store that let them be replaced, or bytes the check would refuse). Answers
   * the file id.
   */
  async function recordStored(
    n: number,
    stored: Buffer,
    extension: 'mp4' | 'webm',
    name = `a.${extension}`,
  ): Promise<number> {
    const s = scenario();
    const fileId = await record(n, extension === 'mp4' ? safariMp4 : chromeWebm, name);
    const storageKey = newStorageKey(extension);
    await s.app.files.storage.put(storageKey, Readable.from([stored]), stored.length);
    await s.db
      .update(files)
      .set({ storageKey, size: stored.length, declaredSize: stored.length })
      .where(eq(files.id, fileId));
    return fileId;
  }

  /** `who`'s (default the trainee's) item of question `n` as the review screen shows it. */
  async function itemOf(n: number, who: AnswerActor = 'trainee'): Promise<AnswerItem> {
    const s = scenario();
    const answerId = await s.answerIdOf(who);
    const res = await s.call('GET', `/api/assignments/answers/${answerId}`, 'instructor');
    expect(res.statusCode, res.body).toBe(200);
    const detail = (res.json() as { data: AnswerDetail }).data;
    return detail.data.interviewAnswer.answers.find((i) => i.questionId === q(n))!;
  }

  /** The media jobs of answer item `itemId`, oldest first. */
  const jobsOf = async (itemId: number) =>
    await scenario()
      .db.select()
      .from(mediaJobs)
      .where(eq(mediaJobs.answerItemId, itemId))
      .orderBy(mediaJobs.id);

  /** Time passes: every Pending job is due now (a retry's backoff or a lease ran out). */
  const dueNow = () =>
    scenario()
      .db.update(mediaJobs)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mediaJobs.status, JobStatus.Pending));

  return { q, record, recordStored, itemOf, jobsOf, dueNow };
}
