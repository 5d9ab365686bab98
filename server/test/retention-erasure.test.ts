/**
 * Retention and erasure of stored media (decisions.md#media §3), once per storage driver (local disk, S3):
 * erasing a trainee leaves none of their objects in the store and removes nothing else; deleting a
 * Draft assignment or removing a trainee's Pending answer deletes the videos only they used; a
 * store that fails after the commit leaves queued removals that a later drain completes; the
 * sweep deletes Ready files unreferenced for a day and nothing referenced; VIDEO_RETENTION_DAYS
 * removes only old reviewed videos and keeps scores and durations, once a day in the hourly sweep.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { AnswerStatus, AssignmentStatus, MediaType, type MediaTypeId } from '@practica/contract';
import {
  FileStatus,
  answerItems,
  answers,
  assets,
  assignments,
  files,
  organizations,
  questionAudios,
  storageDeletions,
  users,
} from '../src/db/schema/index.js';
import { newStorageKey } from '../src/lib/storage/index.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { createFileSweeper } from '../src/modules/files/deletions.js';
import { expireVideos, sweepUnusedFiles } from '../src/modules/files/index.js';
import { buildTestApp, testSecret, type TestContext } from './helpers/build.js';
import { demoSession, demoUserIds, type DemoSession } from './helpers/demo-fixture.js';
import { createContent } from './helpers/factories.js';
import * as media from './helpers/media-fixtures.js';
import { startS3Server } from './helpers/s3-server.js';

interface TestStore {
  env: Record<string, string>;
  /** Every object key the store holds, sorted. */
  listKeys(): Promise<string[]>;
  close(): Promise<void>;
}

/** The local disk driver on a temporary DATA_DIR; its objects are the files under DATA_DIR/files. */
async function startLocalStore(): Promise<TestStore> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'practica-retention-'));
  const root = path.join(dataDir, 'files');
  return {
    env: { DATA_DIR: dataDir },
    async listKeys() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile() && !e.parentPath.includes('.incoming'))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
    },
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

const drivers = [
  { driver: 'local disk', start: startLocalStore },
  { driver: 'S3', start: startS3Server },
];

describe.each(drivers)('retention and erasure ($driver)', ({ start }) => {
  let store: TestStore;
  let ctx: TestContext;
  let session: DemoSession<'admin'>;
  let ids: Record<string, number>;
  const db = () => ctx.testDb.database.db;
  const day = 24 * 60 * 60 * 1000;

  beforeAll(async () => {
    store = await start();
    ctx = await buildTestApp(store.env);
    session = await demoSession(ctx, ['admin'] as const);
    ids = await demoUserIds(db());
  });
  afterAll(async () => {
    await ctx?.close();
    await store?.close();
  });

  const bytesOf: Record<string, Buffer> = {
    webm: media.webm,
    mp4: media.mp4,
    jpg: media.jpeg,
    png: media.png,
    mp3: media.mp3,
  };
  const typeOf: Record<string, MediaTypeId> = {
    webm: MediaType.Video,
    mp4: MediaType.Video,
    jpg: MediaType.Image,
    png: MediaType.Image,
    mp3: MediaType.Audio,
  };

  /** A Ready file with its bytes in the store, created by `createdById` (null: made by the server). */
  async function storedFile(extension: string, createdById: number | null) {
    const storageKey = newStorageKey(extension);
    const bytes = bytesOf[extension]!;
    await ctx.app.files.storage.put(storageKey, Readable.from([bytes]), 1 << 20);
    const [row] = await db()
      .insert(files)
      .values({
        storageKey,
        name: `file.${extension}`,
        extension,
        fileTypeId: typeOf[extension]!,
        contentType: 'application/octet-stream',
        declaredSize: bytes.length,
        size: bytes.length,
        status: FileStatus.Ready,
        createdById,
        completedAt: new Date(),
      })
      .returning();
    return row!;
  }

  /** A recorded answer item: the trainee's WebM, the MP4 and poster the server made from it. */
  async function recordedItem(answerId: number, questionId: number, traineeId: number) {
    const original = await storedFile('webm', traineeId);
    const playback = await storedFile('mp4', null);
    const poster = await storedFile('jpg', null);
    await db().insert(answerItems).values({
      answerId,
      questionId,
      fileId: original.id,
      playbackFileId: playback.id,
      posterFileId: poster.id,
      duration: 12.5,
    });
    return [original, playback, poster];
  }

  /** An assignment of `organizationId` on a new one-question interview. */
  async function assignmentWithQuestion(organizationId: number, statusId: number) {
    const interview = await createContent(db(), {
      name: `Interview ${Math.random()}`,
      organizationId,
      questions: [{ text: 'Tell us about yourself' }],
    });
    const [row] = await db()
      .insert(assignments)
      .values({
        name: 'Practice',
        description: '',
        statusId,
        closeDate: '2099-12-31',
        organizationId,
        interviewId: interview.id,
      })
      .returning({ id: assignments.id });
    return { assignmentId: row!.id, questionId: interview.questionIds[0]! };
  }

  async function answerOf(assignmentId: number, userId: number, statusId: number = 1) {
    const [row] = await db()
      .insert(answers)
      .values({ assignmentId, userId, statusId })
      .returning({ id: answers.id });
    return row!.id;
  }

  const orgOf = async (userId: number) =>
    (await db().select().from(users).where(eq(users.id, userId)))[0]!.organizationId!;
  const fileIds = async () =>
    (await db().select({ id: files.id }).from(files)).map((r) => r.id).sort((a, b) => a - b);
  const queued = () => db().select().from(storageDeletions);
  const keysOf = (rows: { storageKey: string }[]) => rows.map((r) => r.storageKey).sort();
  const without = (all: string[], gone: string[]) => all.filter((k) => !gone.includes(k));

  it('erasing a trainee removes every object of theirs from the store and nothing else', async () => {
    const priya = ids['priya']!;
    const omar = ids['omar']!;
    const org = await orgOf(priya);
    const { assignmentId, questionId } = await assignmentWithQuestion(org, AssignmentStatus.Active);
    const hers = await recordedItem(await answerOf(assignmentId, priya), questionId, priya);
    const unsaved = await storedFile('webm', priya);
    const unattached = await storedFile('png', priya);
    const photo = await storedFile('png', priya);
    // Unfinished resumable uploads, hers and his, with some bytes received.
    const partial = async (userId: number) => {
      const id = `erasure-${userId}-${Math.random().toString(36).slice(2)}`;
      const { store } = ctx.app.partialUploads;
      await store.create(
        new Upload({ id, size: 1000, offset: 0, metadata: { userId: String(userId) } }),
      );
      await store.write(Readable.from([Buffer.alloc(300, 1)]), id, 0);
      return id;
    };
    const herPartial = await partial(priya);
    const hisPartial = await partial(omar);
    await db().update(users).set({ imageId: photo.id }).where(eq(users.id, priya));
    const his = await recordedItem(await answerOf(assignmentId, omar), questionId, omar);
    // Content she authored keeps its files: a question audio, an avatar's image, a logo.
    const audio = await storedFile('mp3', priya);
    await db().insert(questionAudios).values({ questionId, audioId: audio.id });
    const avatar = await storedFile('png', priya);
    await db()
      .insert(assets)
      .values({ name: 'Avatar', assetTypeId: 1, imageId: avatar.id, organizationId: org });
    const logo = await storedFile('png', priya);
    await db().update(organizations).set({ imageId: logo.id }).where(eq(organizations.id, org));

    const before = await store.listKeys();
    const gone = keysOf([...hers, unsaved, unattached, photo]);
    for (const key of [...gone, ...keysOf([...his, audio, avatar, logo])])
      expect(before).toContain(key);
    const rowsBefore = await fileIds();

    expect((await session.call('PUT', `/api/users/${priya}/delete`, 'admin')).statusCode).toBe(200);
    expect((await session.call('DELETE', `/api/users/${priya}`, 'admin')).statusCode).toBe(200);

    // (With S3 her unfinished upload's own objects, `<id>.info` and `<id>.part`, go too.)
    const herPartialKeys = before.filter((k) => k.startsWith(herPartial));
    expect(await store.listKeys()).toEqual(without(before, [...gone, ...herPartialKeys]));
    const goneIds = [...hers, unsaved, unattached, photo].map((f) => f.id);
    expect(await fileIds()).toEqual(rowsBefore.filter((id) => !goneIds.includes(id)));
    expect(await queued()).toEqual([]);
    // Her unfinished upload is gone at once (not a day later); his stays.
    const { store: partials } = ctx.app.partialUploads;
    await expect(partials.getUpload(herPartial)).rejects.toMatchObject({ status_code: 404 });
    expect((await partials.getUpload(hisPartial)).offset).toBe(300);
  });

  it('a store that fails after the commit leaves queued removals that a later drain completes', async () => {
    const nate = ids['nate']!;
    const { assignmentId, questionId } = await assignmentWithQuestion(
      await orgOf(nate),
      AssignmentStatus.Active,
    );
    const videos = await recordedItem(await answerOf(assignmentId, nate), questionId, nate);
    const before = await store.listKeys();
    const storage = ctx.app.files.storage;
    const remove = Object.getOwnPropertyDescriptor(storage, 'delete');
    storage.delete = () => Promise.reject(new Error('store unreachable'));
    try {
      expect((await session.call('PUT', `/api/users/${nate}/delete`, 'admin')).statusCode).toBe(
        200,
      );
      expect((await session.call('DELETE', `/api/users/${nate}`, 'admin')).statusCode).toBe(200);
      // The rows are gone, the bytes are still there, and their removal is queued.
      expect(
        await db()
          .select()
          .from(files)
          .where(
            inArray(
              files.id,
              videos.map((v) => v.id),
            ),
          ),
      ).toEqual([]);
      expect(await store.listKeys()).toEqual(before);
      expect(keysOf(await queued())).toEqual(keysOf(videos));

      // The worker's attempt fails too: counted, with its error and a later next attempt.
      expect(await ctx.app.storageDeletions.drain()).toBe(3);
      const failed = await queued();
      expect(failed.map((r) => [r.attempts, r.lastError])).toEqual(
        failed.map(() => [1, 'store unreachable']),
      );
      expect(failed.every((r) => r.nextAttemptAt.getTime() > Date.now())).toBe(true);
      expect(await ctx.app.storageDeletions.drain()).toBe(0);
    } finally {
      if (remove) Object.defineProperty(storage, 'delete', remove);
      else delete (storage as Partial<typeof storage>).delete;
    }
    // Once the retry is due, the store answers again: the objects and the queue are emptied; an
    // object already missing counts as removed.
    await db()
      .update(storageDeletions)
      .set({ nextAttemptAt: sql`now()` });
    await db()
      .insert(storageDeletions)
      .values({ storageKey: newStorageKey('webm') });
    expect(await ctx.app.storageDeletions.drain()).toBe(4);
    expect(await queued()).toEqual([]);
    expect(await store.listKeys()).toEqual(without(before, keysOf(videos)));
  });

  it('deleting a Draft assignment and removing a trainee delete the videos only their Pending answers used', async () => {
    const tessa = ids['tessa']!;
    const omar = ids['omar']!;
    const org = await orgOf(tessa);
    const draft = await assignmentWithQuestion(org, AssignmentStatus.Draft);
    const draftVideos = await recordedItem(
      await answerOf(draft.assignmentId, tessa),
      draft.questionId,
      tessa,
    );
    const active = await assignmentWithQuestion(org, AssignmentStatus.Active);
    const removedVideos = await recordedItem(
      await answerOf(active.assignmentId, tessa),
      active.questionId,
      tessa,
    );
    const keptVideos = await recordedItem(
      await answerOf(active.assignmentId, omar),
      active.questionId,
      omar,
    );
    const before = await store.listKeys();

    const deleted = await session.call(
      'DELETE',
      `/api/assignments/interview/${draft.assignmentId}`,
      'admin',
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await store.listKeys()).toEqual(without(before, keysOf(draftVideos)));

    const removed = await session.call(
      'PUT',
      `/api/assignments/${active.assignmentId}/remove`,
      'admin',
      { ids: [tessa] },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await store.listKeys()).toEqual(
      without(before, keysOf([...draftVideos, ...removedVideos])),
    );
    for (const key of keysOf(keptVideos)) expect(await store.listKeys()).toContain(key);
    expect(await queued()).toEqual([]);
  });

  it('the sweep deletes Ready files unreferenced for a day, and no referenced file', async () => {
    const lucas = ids['lucas']!;
    const { assignmentId, questionId } = await assignmentWithQuestion(
      await orgOf(lucas),
      AssignmentStatus.Active,
    );
    const answered = await recordedItem(await answerOf(assignmentId, lucas), questionId, lucas);
    const orphan = await storedFile('webm', lucas);
    const recentOrphan = await storedFile('png', lucas);
    // Every file but the recent orphan is more than a day old.
    await db()
      .update(files)
      .set({
        createdAt: sql`now() - interval '2 days'`,
        completedAt: sql`now() - interval '2 days'`,
      })
      .where(sql`${files.id} <> ${recentOrphan.id}`);
    const before = await store.listKeys();
    const rowsBefore = await fileIds();

    expect(await sweepUnusedFiles(ctx.app.files, day)).toBe(1);

    expect(await fileIds()).toEqual(rowsBefore.filter((id) => id !== orphan.id));
    expect(await store.listKeys()).toEqual(without(before, [orphan.storageKey]));
    for (const key of keysOf([...answered, recentOrphan])) expect(before).toContain(key);
    expect(await sweepUnusedFiles(ctx.app.files, day)).toBe(0);
  });

  it('VIDEO_RETENTION_DAYS deletes the videos of answers reviewed longer ago, keeping scores and durations', async () => {
    const omar = ids['omar']!;
    const trainee = ids['trainee']!;
    const org = await orgOf(trainee);
    const old = await assignmentWithQuestion(org, AssignmentStatus.Active);
    const recent = await assignmentWithQuestion(org, AssignmentStatus.Active);
    const oldAnswer = await answerOf(old.assignmentId, trainee, AnswerStatus.Reviewed);
    const recentAnswer = await answerOf(recent.assignmentId, trainee, AnswerStatus.Reviewed);
    const submittedAnswer = await answerOf(old.assignmentId, omar, AnswerStatus.Submitted);
    const oldVideos = await recordedItem(oldAnswer, old.questionId, trainee);
    const recentVideos = await recordedItem(recentAnswer, recent.questionId, trainee);
    const submittedVideos = await recordedItem(submittedAnswer, old.questionId, omar);
    const now = new Date();
    await db()
      .update(answers)
      .set({ score: 4, reviewedAt: new Date(now.getTime() - 31 * day) })
      .where(eq(answers.id, oldAnswer));
    await db()
      .update(answers)
      .set({ score: 3, reviewedAt: new Date(now.getTime() - 29 * day) })
      .where(eq(answers.id, recentAnswer));
    const before = await store.listKeys();

    expect(await expireVideos(ctx.app.files, 30, now)).toBe(1);

    expect(await store.listKeys()).toEqual(without(before, keysOf(oldVideos)));
    for (const key of keysOf([...recentVideos, ...submittedVideos])) expect(before).toContain(key);
    const [item] = await db().select().from(answerItems).where(eq(answerItems.answerId, oldAnswer));
    expect(item).toMatchObject({
      fileId: null,
      playbackFileId: null,
      posterFileId: null,
      duration: 12.5,
    });
    expect(item!.videoDeletedAt).toBeInstanceOf(Date);
    const [answer] = await db().select().from(answers).where(eq(answers.id, oldAnswer));
    expect(answer).toMatchObject({ statusId: AnswerStatus.Reviewed, score: 4 });
    const [kept] = await db()
      .select()
      .from(answerItems)
      .where(eq(answerItems.answerId, recentAnswer));
    expect(kept!.videoDeletedAt).toBeNull();
    expect(await expireVideos(ctx.app.files, 30, now)).toBe(0);
    expect(await queued()).toEqual([]);
  });

  it('the hourly sweep applies the retention at its first run, then once a day', async () => {
    const trainee = ids['trainee']!;
    const org = await orgOf(trainee);
    /** A Reviewed answer of the trainee, reviewed `daysAgo` days ago, with its three files. */
    const reviewedVideos = async (daysAgo: number) => {
      const { assignmentId, questionId } = await assignmentWithQuestion(
        org,
        AssignmentStatus.Active,
      );
      const answerId = await answerOf(assignmentId, trainee, AnswerStatus.Reviewed);
      await db()
        .update(answers)
        .set({ reviewedAt: new Date(Date.now() - daysAgo * day) })
        .where(eq(answers.id, answerId));
      return recordedItem(answerId, questionId, trainee);
    };
    const sweep = createFileSweeper(
      { ...ctx.app.files, log: ctx.app.log },
      { pendingOlderThanMs: day, retentionDays: 30 },
    );
    const first = await reviewedVideos(45);
    await sweep();
    const afterFirst = await store.listKeys();
    for (const key of keysOf(first)) expect(afterFirst).not.toContain(key);

    const second = await reviewedVideos(45);
    await sweep();
    const afterSecond = await store.listKeys();
    for (const key of keysOf(second)) expect(afterSecond).toContain(key);
  });
});

describe('VIDEO_RETENTION_DAYS', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: 'memory://', JWT_SECRET: testSecret } as const;

  it('keeps videos forever when unset, and takes a whole number of days otherwise', () => {
    expect(loadConfig(base).videoRetentionDays).toBeUndefined();
    expect(loadConfig({ ...base, VIDEO_RETENTION_DAYS: '30' }).videoRetentionDays).toBe(30);
    for (const bad of ['0', '-1', '1.5', 'month'])
      expect(() => loadConfig({ ...base, VIDEO_RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
  });
});
