/**
 * Removal of stored bytes that no file row holds any more, and the sweeps and retention that
 * delete file rows (decisions.md#media §3, decisions.md#files).
 *
 * Every deletion of file rows queues their storage keys in `storage_deletions` in the same
 * transaction (repository.ts), so a crash between the commit and the removal loses nothing:
 *
 * - `removeStoredFiles`: right after the commit, the caller removes the bytes it just queued (so
 *   users and tests see them gone at once) and settles their queue rows; a failure stays queued.
 * - `startStorageDeletionWorker`: removes whatever is still queued, claimed like the mail outbox
 *   (`FOR UPDATE SKIP LOCKED` and a lease), retrying with backoff; a missing object is a success.
 * - `sweepPendingUploads`, `sweepUnusedFiles`, `expireVideos`, `sweepUploadLedger`: the periodic
 *   deletions that filesPlugin's timer runs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { backoffDelayMs, errorText, startPollingWorker } from '../../lib/polling-worker.js';
import type { StorageDriver } from '../../lib/storage/index.js';
import {
  claimDueDeletions,
  deleteStalePending,
  deleteUnreferencedFiles,
  deleteUnusedFiles,
  detachExpiredVideos,
  markDeletionFailed,
  pruneUploadLedger,
  settleDeletions,
} from './repository.js';

/** What removing stored bytes needs: the database (the queue), the store and a logger. */
export interface RemovalDeps {
  db: Db;
  storage: StorageDriver;
  log?: FastifyBaseLogger | undefined;
}

/** How long a Ready file may stay unreferenced before `sweepUnusedFiles` deletes it: a day, in milliseconds. */
export const unusedFileSweepMs = 24 * 60 * 60 * 1000;

/** File rows deleted per transaction by the sweeps and the retention job. */
const sweepBatchSize = 500;

/** Objects removed from the store at once. */
const removalConcurrency = 8;

/**
 * Removes the objects of `keys` from the store, `removalConcurrency` at a time. Answers the keys
 * removed (a missing object counts as removed) and the failures.
 */
async function removeObjects(
  storage: StorageDriver,
  keys: readonly string[],
): Promise<{ removed: string[]; failed: { key: string; error: unknown }[] }> {
  const removed: string[] = [];
  const failed: { key: string; error: unknown }[] = [];
  for (let i = 0; i < keys.length; i += removalConcurrency) {
    await Promise.all(
      keys.slice(i, i + removalConcurrency).map(async (key) => {
        try {
          await storage.delete(key);
          removed.push(key);
        } catch (error) {
          failed.push({ key, error });
        }
      }),
    );
  }
  return { removed, failed };
}

/**
 * Removes the stored bytes of `keys` (answered by a deletion of file rows, e.g.
 * `deleteUnusedFiles`) once that transaction committed, and settles their queued removals. Never
 * throws: a failure is logged and stays queued for the storage deletion worker.
 */
export async function removeStoredFiles(deps: RemovalDeps, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    const { removed, failed } = await removeObjects(deps.storage, keys);
    for (const { error } of failed)
      deps.log?.warn({ err: error }, 'could not remove the bytes of a deleted file; will retry');
    await settleDeletions(deps.db, removed);
  } catch (err) {
    deps.log?.error({ err }, 'could not settle the removal of deleted files; will retry');
  }
}

export interface StorageDeletionWorkerOptions extends RemovalDeps {
  /** Poll period in milliseconds. */
  pollMs: number;
  /** Removals claimed per round (default 50). */
  batchSize?: number;
  /** How long a claimed removal is reserved for this worker, milliseconds (default 5 minutes). */
  leaseMs?: number;
}

export interface StorageDeletionWorker {
  /** Removes everything due now, round after round; answers how many removals were attempted. */
  drain(): Promise<number>;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/**
 * Starts the worker that empties `storage_deletions`: a first round at once, then one every
 * `pollMs` (the timer does not keep the process alive). A removed (or already missing) object
 * deletes its row; a failure is retried after 30 s · 2^(attempts−1), at most an hour, for as long
 * as it takes, with `last_error` kept.
 */
export function startStorageDeletionWorker(
  options: StorageDeletionWorkerOptions,
): StorageDeletionWorker {
  const { db, storage, log, pollMs } = options;
  const batchSize = options.batchSize ?? 50;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;

  async function round(isStopped: () => boolean): Promise<number> {
    let attempted = 0;
    while (!isStopped()) {
      const rows = await claimDueDeletions(db, { limit: batchSize, leaseMs });
      if (rows.length === 0) break;
      const { removed, failed } = await removeObjects(
        storage,
        rows.map((r) => r.storageKey),
      );
      await settleDeletions(db, removed);
      for (const { key, error } of failed) {
        const row = rows.find((r) => r.storageKey === key)!;
        const retryInMs = backoffDelayMs(row.attempts);
        await markDeletionFailed(db, row.id, { error: errorText(error), retryInMs });
        log?.warn(
          { deletionId: row.id, attempts: row.attempts, err: errorText(error), retryInMs },
          'could not remove the bytes of a deleted file; will retry',
        );
      }
      attempted += rows.length;
    }
    return attempted;
  }

  return startPollingWorker({
    pollMs,
    round,
    onRoundError: (err) => log?.error({ err }, 'storage deletion round failed'),
  });
}

/**
 * Removes Pending uploads created more than `olderThanMs` milliseconds ago, with any bytes stored
 * for them, and interrupted temporary files. Answers how many rows were removed.
 */
export async function sweepPendingUploads(deps: RemovalDeps, olderThanMs: number): Promise<number> {
  const createdBefore = new Date(Date.now() - olderThanMs);
  const keys = await deps.db.transaction((tx) => deleteStalePending(tx, createdBefore));
  await removeStoredFiles(deps, keys);
  await deps.storage.sweepIncomplete?.(olderThanMs);
  return keys.length;
}

/** How long the upload ledger's rows count for the daily volume: a day, in milliseconds. */
export const uploadLedgerMs = 24 * 60 * 60 * 1000;

/**
 * Deletes the upload ledger's rows received more than `olderThanMs` milliseconds ago (default a
 * day: they no longer count for the daily volume). Answers how many.
 */
export async function sweepUploadLedger(
  deps: Pick<RemovalDeps, 'db'>,
  olderThanMs: number = uploadLedgerMs,
): Promise<number> {
  return pruneUploadLedger(deps.db, new Date(Date.now() - olderThanMs));
}

/**
 * Deletes the Ready files completed more than `olderThanMs` milliseconds ago (default a day) that
 * nothing refers to (no answer item's original, MP4 or poster, user or organization image, asset
 * image, question audio), rows and bytes, in batches. Answers how many were deleted.
 */
export async function sweepUnusedFiles(
  deps: RemovalDeps,
  olderThanMs: number = unusedFileSweepMs,
): Promise<number> {
  const completedBefore = new Date(Date.now() - olderThanMs);
  let deleted = 0;
  for (;;) {
    const keys = await deps.db.transaction((tx) =>
      deleteUnreferencedFiles(tx, completedBefore, sweepBatchSize),
    );
    await removeStoredFiles(deps, keys);
    deleted += keys.length;
    if (keys.length < sweepBatchSize) return deleted;
  }
}

/**
 * VIDEO_RETENTION_DAYS: deletes the videos (original, MP4, poster; rows and bytes) of the items of
 * Reviewed answers reviewed more than `retentionDays` days before `now`, and sets the items'
 * `video_deleted_at`; scores, reviews, durations and the report's figures stay. A file another
 * item still uses stays. Answers how many items lost their video.
 */
export async function expireVideos(
  deps: RemovalDeps,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> {
  const reviewedBefore = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let items = 0;
  for (;;) {
    const { count, keys } = await deps.db.transaction(async (tx) => {
      const detached = await detachExpiredVideos(tx, reviewedBefore, sweepBatchSize);
      return { count: detached.items, keys: await deleteUnusedFiles(tx, detached.fileIds) };
    });
    await removeStoredFiles(deps, keys);
    items += count;
    if (count < sweepBatchSize) return items;
  }
}

/** How often `expireVideos` runs: once a day, in milliseconds. */
export const retentionEveryMs = 24 * 60 * 60 * 1000;

/**
 * The periodic sweep of filesPlugin's timer: unfinished uploads older than `pendingOlderThanMs`,
 * Ready files unreferenced for a day, the upload ledger's rows older than a day, and, when
 * `retentionDays` is set, `expireVideos` at its
 * first call and then at most once a day. Each step logs what it removed; a failing step is
 * logged and does not stop the others. The answered function never throws.
 */
export function createFileSweeper(
  deps: RemovalDeps & { log: FastifyBaseLogger },
  { pendingOlderThanMs, retentionDays }: { pendingOlderThanMs: number; retentionDays?: number },
): () => Promise<void> {
  let lastRetention = -Infinity;
  const step = async (what: string, run: () => Promise<number>) => {
    try {
      const removed = await run();
      if (removed > 0) deps.log.info({ removed }, `swept ${what}`);
    } catch (err) {
      deps.log.error({ err }, `sweep of ${what} failed`);
    }
  };
  return async () => {
    await step('unfinished uploads', () => sweepPendingUploads(deps, pendingOlderThanMs));
    await step('unreferenced files', () => sweepUnusedFiles(deps));
    await step('upload volume older than a day', () => sweepUploadLedger(deps));
    if (retentionDays !== undefined && Date.now() - lastRetention >= retentionEveryMs) {
      lastRetention = Date.now();
      await step(`videos reviewed more than ${retentionDays} days ago`, () =>
        expireVideos(deps, retentionDays),
      );
    }
  };
}
