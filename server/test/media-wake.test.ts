/**
 * A queued media job starts at once, not at the worker's next poll: the statement that queues it
 * notifies the media jobs channel, and the worker listening on it (PGlite's LISTEN, or its own
 * PostgreSQL connection) wakes when the save's transaction commits. The worker here polls once a
 * minute, so a recording ready within seconds was woken; the retry call wakes it the same way.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerDetail, AnswerItem } from '@practica/contract';
import { MediaStatus, answerItems } from '../src/db/schema/index.js';
import { buildAnswersScenario, type AnswersScenario } from './helpers/answers.js';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

let s: AnswersScenario;
let answerId: number;

beforeAll(async () => {
  s = await buildAnswersScenario({ MEDIA_POLL_MS: '60000' });
  if (!s.app.media.tools) throw new Error('these tests need ffmpeg and ffprobe');
  answerId = await s.answerIdOf('trainee');
  // The worker's first round (at its start) has run: from here on it would wait a minute.
  await s.app.media.drain();
});
afterAll(() => s.close());

const q = (n: number) => s.interview.questionIds[n]!;

async function itemOf(n: number): Promise<AnswerItem> {
  const res = await s.call('GET', `/api/assignments/answers/${answerId}`, 'instructor');
  expect(res.statusCode, res.body).toBe(200);
  const detail = (res.json() as { data: AnswerDetail }).data;
  return detail.data.interviewAnswer.answers.find((i) => i.questionId === q(n))!;
}

/** Milliseconds until the item of question `n` is no longer processing (at most `withinMs`). */
async function settled(n: number, withinMs: number): Promise<number> {
  const started = performance.now();
  while ((await itemOf(n)).media.status === 'processing') {
    if (performance.now() - started > withinMs)
      throw new Error(`still processing after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}

describe('media jobs wake the worker', () => {
  it('processes a saved recording within seconds, without waiting for the next poll', async () => {
    const fileId = await s.upload('trainee', fixture('chromium-h264-opus.mp4'), 'answer.mp4');
    const saved = await s.call('PUT', `/api/me/assignments/${s.assignment}/answers`, 'trainee', {
      items: [{ questionId: q(0), fileId, duration: 1 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await settled(0, 20_000)).toBeLessThan(20_000);
    expect((await itemOf(0)).media.status).toBe('ready');
  });

  it('processes a video sent back by staff at once too', async () => {
    const itemId = (await itemOf(0)).id;
    await s.db
      .update(answerItems)
      .set({ mediaStatus: MediaStatus.Failed })
      .where(eq(answerItems.id, itemId));
    const retried = await s.call(
      'POST',
      `/api/answers/${answerId}/items/${itemId}/media/retry`,
      'instructor',
    );
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await settled(0, 20_000)).toBeLessThan(20_000);
    expect((await itemOf(0)).media.status).toBe('ready');
  });
});
