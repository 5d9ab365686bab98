/**
 * Queries of the media job queue (decisions.md#media §2), claimed like the mail outbox: times come from the
 * database clock (`now()`), so several server copies agree on what is due, and a claim is a lease
 * (`next_attempt_at` moved ahead) that a dead copy lets run out.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  FileStatus,
  JobStatus,
  MediaStatus,
  answerItems,
  answers,
  files,
  mediaJobs,
  users,
} from '../../db/schema/index.js';
import { mediaJobsChannel } from './notify.js';

export type MediaJobRow = typeof mediaJobs.$inferSelect;

/** `now() + ms` as SQL (ms: whole milliseconds). */
const nowPlus = (ms: number) => sql`now() + (${Math.round(ms)}::bigint * interval '1 millisecond')`;

/** `select pg_notify(…)` of the media jobs channel: workers listening wake when the transaction commits. */
const notifyQueued = sql`select pg_notify(${mediaJobsChannel}, '')`;

/**
 * Marks the items of `answerId` for `questionIds` that have a video Processing and queues one job
 * per item, due now, working from the item's current video; when it queued any, notifies the
 * media jobs channel, so listening workers start them as soon as the transaction commits. Call it
 * in the transaction that gave the items their videos. One statement.
 */
export async function queueMediaJobs(
  tx: Db | Tx,
  answerId: number,
  questionIds: readonly number[],
): Promise<void> {
  if (questionIds.length === 0) return;
  const queued = tx
    .update(answerItems)
    .set({ mediaStatus: MediaStatus.Processing })
    .where(
      and(
        eq(answerItems.answerId, answerId),
        inArray(answerItems.questionId, [...questionIds]),
        isNotNull(answerItems.fileId),
      ),
    )
    .returning({ id: answerItems.id, fileId: answerItems.fileId });
  await tx.execute(
    sql`with queued as ${queued}, inserted as (insert into ${mediaJobs} (answer_item_id, source_file_id) select id, file_id from queued returning 1) ${notifyQueued} where exists (select 1 from inserted)`,
  );
}

/**
 * Queues the item `itemId` of `answerId` again when its processing Failed: Processing and a new job
 * due now, the media jobs channel notified. Answers 'requeued', 'not-failed' (any other media
 * status) or 'missing' (no such item of that answer).
 */
export async function requeueFailedItem(
  tx: Tx,
  answerId: number,
  itemId: number,
): Promise<'requeued' | 'not-failed' | 'missing'> {
  const [item] = await tx
    .select({ mediaStatus: answerItems.mediaStatus, fileId: answerItems.fileId })
    .from(answerItems)
    .where(and(eq(answerItems.id, itemId), eq(answerItems.answerId, answerId)))
    .for('update');
  if (!item) return 'missing';
  if (item.mediaStatus !== MediaStatus.Failed || item.fileId === null) return 'not-failed';
  await tx
    .update(answerItems)
    .set({ mediaStatus: MediaStatus.Processing })
    .where(eq(answerItems.id, itemId));
  await tx.insert(mediaJobs).values({ answerItemId: itemId, sourceFileId: item.fileId });
  await tx.execute(notifyQueued);
  return 'requeued';
}

/**
 * Claims up to `limit` due Pending jobs: in one transaction, `SELECT … FOR UPDATE SKIP LOCKED`, then
 * moves their next attempt `leaseMs` ahead and counts the attempt. Another copy skips them while
 * they run; if this process dies the lease runs out and they are due again. Answers the claimed
 * rows (attempts already counted), oldest first.
 */
export async function claimDueJobs(
  db: Db,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<MediaJobRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mediaJobs.id })
      .from(mediaJobs)
      .where(and(eq(mediaJobs.status, JobStatus.Pending), lte(mediaJobs.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mediaJobs.nextAttemptAt), asc(mediaJobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(mediaJobs)
      .set({ attempts: sql`${mediaJobs.attempts} + 1`, nextAttemptAt: nowPlus(leaseMs) })
      .where(
        inArray(
          mediaJobs.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  });
}

/** The claim of `job` still held by this worker: Pending with the attempt it was claimed with. */
const stillClaimed = (job: Pick<MediaJobRow, 'id' | 'attempts'>) =>
  and(
    eq(mediaJobs.id, job.id),
    eq(mediaJobs.status, JobStatus.Pending),
    eq(mediaJobs.attempts, job.attempts),
  );

/** Moves the lease of a running job `leaseMs` ahead again; false when the claim was lost. */
export async function extendLease(db: Db, job: MediaJobRow, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(mediaJobs)
    .set({ nextAttemptAt: nowPlus(leaseMs) })
    .where(stillClaimed(job))
    .returning({ id: mediaJobs.id });
  return rows.length > 0;
}

/** What a job reads of its item and source video. */
export interface JobSource {
  /** The item's current video (null once removed). */
  fileId: number | null;
  storageKey: string;
  extension: string;
  name: string;
  fileStatus: number;
  createdById: number | null;
  organizationId: number | null;
  /** The answer's user (the video's owner) is soft-deleted. */
  ownerDeleted: boolean;
}

/**
 * The item of `job` with the video it works from and whether its owner is soft-deleted, or
 * undefined when the item, its answer's user or the file is gone. One statement.
 */
export async function jobSource(db: Db, job: MediaJobRow): Promise<JobSource | undefined> {
  const [row] = await db
    .select({
      fileId: answerItems.fileId,
      storageKey: files.storageKey,
      extension: files.extension,
      name: files.name,
      fileStatus: files.status,
      createdById: files.createdById,
      organizationId: files.organizationId,
      ownerDeleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(answerItems)
    .innerJoin(files, eq(files.id, job.sourceFileId))
    .innerJoin(answers, eq(answers.id, answerItems.answerId))
    .innerJoin(users, eq(users.id, answers.userId))
    .where(eq(answerItems.id, job.answerItemId))
    .limit(1);
  return row;
}

/**
 * Whether `job` should go on running: 'wanted'; 'moved-on' when the job is no longer this worker's
 * claim, or gone with its item or its answer's user (erased), or its item shows another video (or
 * none); 'owner-deleted' when the answer's user is soft-deleted. One statement.
 */
export async function jobStillWanted(
  db: Db,
  job: MediaJobRow,
): Promise<'wanted' | 'moved-on' | 'owner-deleted'> {
  const [row] = await db
    .select({ fileId: answerItems.fileId, ownerDeletedAt: users.deletedAt })
    .from(mediaJobs)
    .innerJoin(answerItems, eq(answerItems.id, mediaJobs.answerItemId))
    .innerJoin(answers, eq(answers.id, answerItems.answerId))
    .innerJoin(users, eq(users.id, answers.userId))
    .where(stillClaimed(job))
    .limit(1);
  if (!row || row.fileId !== job.sourceFileId) return 'moved-on';
  return row.ownerDeletedAt ? 'owner-deleted' : 'wanted';
}

/** A file a job made, reserved as a Pending row before its bytes are stored. */
export interface OutputFile {
  storageKey: string;
  name: string;
  extension: string;
  fileTypeId: number;
  contentType: string;
  size: number;
  createdById: number | null;
  organizationId: number | null;
}

/**
 * Inserts the job's outputs as Pending file rows (the sweep of unfinished uploads removes them and
 * their bytes if the job dies before `completeJob`). Answers their ids, in order. One statement.
 */
export async function reserveOutputs(db: Db, outputs: readonly OutputFile[]): Promise<number[]> {
  if (outputs.length === 0) return [];
  const rows = await db
    .insert(files)
    .values(
      outputs.map(({ size, ...o }) => ({ ...o, declaredSize: size, status: FileStatus.Pending })),
    )
    .returning({ id: files.id });
  return rows.map((r) => r.id);
}

/**
 * In one transaction, when `job` is still this worker's claim and its item still points at the
 * job's source video: the outputs become Ready, the item gets its MP4 (`playbackFileId`, the
 * source itself when it was reused) and poster, media status Ready and, when probed, `duration`
 * (seconds); the job is Done. Answers false (nothing changed) otherwise.
 */
export async function completeJob(
  db: Db,
  job: MediaJobRow,
  result: {
    outputIds: readonly number[];
    playbackFileId: number;
    posterFileId: number;
    duration: number | null;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ fileId: answerItems.fileId })
      .from(answerItems)
      .where(eq(answerItems.id, job.answerItemId))
      .for('update');
    const [claimed] = await tx
      .select({ id: mediaJobs.id })
      .from(mediaJobs)
      .where(stillClaimed(job))
      .for('update');
    if (!item || !claimed || item.fileId !== job.sourceFileId) return false;
    if (result.outputIds.length > 0)
      await tx
        .update(files)
        .set({ status: FileStatus.Ready, size: files.declaredSize, completedAt: sql`now()` })
        .where(inArray(files.id, [...result.outputIds]));
    await tx
      .update(answerItems)
      .set({
        mediaStatus: MediaStatus.Ready,
        playbackFileId: result.playbackFileId,
        posterFileId: result.posterFileId,
        ...(result.duration !== null
          ? { duration: Math.round(result.duration * 1000) / 1000 }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(answerItems.id, job.answerItemId));
    await tx
      .update(mediaJobs)
      .set({ status: JobStatus.Done, finishedAt: sql`now()`, lastError: null })
      .where(eq(mediaJobs.id, job.id));
    return true;
  });
}

/**
 * Gives `job` back, due now, without counting the attempt (this server stops mid-job: another copy,
 * or this one after its restart, runs it). One statement.
 */
export async function releaseJob(db: Db, job: MediaJobRow): Promise<void> {
  await db
    .update(mediaJobs)
    .set({ attempts: sql`${mediaJobs.attempts} - 1`, nextAttemptAt: sql`now()` })
    .where(stillClaimed(job));
}

/**
 * Puts `job` aside for `delayMs` without counting the attempt (its owner is soft-deleted: not
 * processed meanwhile, not lost if they are restored). One statement.
 */
export async function parkJob(db: Db, job: MediaJobRow, delayMs: number): Promise<void> {
  await db
    .update(mediaJobs)
    .set({ attempts: sql`${mediaJobs.attempts} - 1`, nextAttemptAt: nowPlus(delayMs) })
    .where(stillClaimed(job));
}

/** Finishes `job` without effect (its item no longer shows its source video). One statement. */
export async function finishJobWithoutEffect(db: Db, job: MediaJobRow): Promise<void> {
  await db
    .update(mediaJobs)
    .set({ status: JobStatus.Done, finishedAt: sql`now()` })
    .where(stillClaimed(job));
}

/**
 * Records a failed attempt of `job`: due again after `retryInMs`, or, when `final`, Failed for
 * good with the item's media status Failed (while the item still shows the job's source).
 * `error` is kept (truncated) as `last_error`.
 */
export async function failJobAttempt(
  db: Db,
  job: MediaJobRow,
  { error, retryInMs, final }: { error: string; retryInMs: number; final: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(mediaJobs)
      .set({
        status: final ? JobStatus.Failed : JobStatus.Pending,
        nextAttemptAt: nowPlus(final ? 0 : retryInMs),
        lastError: error.slice(0, 1000),
        ...(final ? { finishedAt: sql`now()` } : {}),
      })
      .where(stillClaimed(job))
      .returning({ id: mediaJobs.id });
    if (final && rows.length > 0)
      await tx
        .update(answerItems)
        .set({ mediaStatus: MediaStatus.Failed })
        .where(
          and(
            eq(answerItems.id, job.answerItemId),
            eq(answerItems.fileId, job.sourceFileId),
            eq(answerItems.mediaStatus, MediaStatus.Processing),
          ),
        );
  });
}
