/**
 * Queries on `files`, `upload_ledger` and `storage_deletions` (000 §7 'Files', decisions.md
 * 'Files'). Every function takes the Drizzle handle (`Db` or a transaction) and runs one
 * statement, except the deleting ones: they take a transaction (`Tx`) and queue the storage keys
 * of the rows they deleted in `storage_deletions` within it, so the bytes are removed even after
 * a crash.
 */
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AnswerStatus } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { executeRows } from '../../db/sql-helpers.js';
import {
  FileStatus,
  answerItems,
  answers,
  assets,
  files,
  organizations,
  questionAudios,
  storageDeletions,
  uploadLedger,
  users,
} from '../../db/schema/index.js';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

/** Inserts a Pending file row and answers it. */
export async function insertPendingFile(db: Db | Tx, values: NewFileRow): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({ ...values, status: FileStatus.Pending })
    .returning();
  return row!;
}

/** The file stored under `storageKey`, whatever its status, or undefined. */
export async function findFileByKey(db: Db | Tx, storageKey: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.storageKey, storageKey)).limit(1);
  return row;
}

/** The file with this id, whatever its status, or undefined. */
export async function findFileById(db: Db | Tx, id: number): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/**
 * The Pending file `id` locked until the end of the transaction `tx` (`FOR UPDATE`), whatever its
 * status, or undefined: completions of one upload run one after the other.
 */
export async function lockFile(tx: Tx, id: number): Promise<FileRow | undefined> {
  const [row] = await tx.select().from(files).where(eq(files.id, id)).for('update');
  return row;
}

/**
 * Marks a Pending file Ready with its real `size` in bytes and, in the same statement, writes the
 * bytes to the uploader's ledger (`upload_ledger`). With `uploadKey` (a direct upload's key, whose
 * presigned PUT lives until `uploadUrlExpiresAt` after the row's creation), clears it and queues
 * its removal for after that (a PUT arriving late leaves an object there). Answers the row, or
 * undefined when the file is no longer Pending (another upload completed it, or the sweep removed
 * it): nothing is written then.
 */
export async function markFileReady(
  db: Db | Tx,
  id: number,
  size: number,
  direct?: { uploadKey: string; uploadUrlLifetimeMs: number },
): Promise<FileRow | undefined> {
  const ready = db.$with('ready').as(
    db
      .update(files)
      .set({ status: FileStatus.Ready, size, uploadKey: null, completedAt: sql`now()` })
      .where(and(eq(files.id, id), eq(files.status, FileStatus.Pending)))
      .returning(),
  );
  const counted = db
    .$with('counted', {})
    .as(
      sql`insert into ${uploadLedger} (user_id, bytes) select created_by_id, size from ${ready} where created_by_id is not null`,
    );
  if (!direct) {
    const [row] = await db.with(ready, counted).select().from(ready);
    return row;
  }
  // Due once the URL can no longer be used (twice its lifetime: room for clocks that differ).
  const dueAt = sql`greatest(now(), created_at + (${Math.round(2 * direct.uploadUrlLifetimeMs)}::bigint * interval '1 millisecond'))`;
  const queued = db
    .$with('queued', {})
    .as(
      sql`insert into ${storageDeletions} (storage_key, next_attempt_at) select ${direct.uploadKey}::text, ${dueAt} from ${ready}`,
    );
  const [row] = await db.with(ready, counted, queued).select().from(ready);
  return row;
}

/** Writes `bytes` received for an upload of `userId` to the ledger (`upload_ledger`), now. */
export async function recordReceivedBytes(
  db: Db | Tx,
  userId: number,
  bytes: number,
): Promise<void> {
  if (bytes <= 0) return;
  await db.insert(uploadLedger).values({ userId, bytes });
}

/** Deletes the ledger rows received before `before` (they no longer count); answers how many. */
export async function pruneUploadLedger(db: Db | Tx, before: Date): Promise<number> {
  const rows = await db
    .delete(uploadLedger)
    .where(lt(uploadLedger.receivedAt, before))
    .returning({ userId: uploadLedger.userId });
  return rows.length;
}

/** One page of the Ready files `userId` uploaded, newest first, and the total over all pages. */
export async function listFilesOf(
  db: Db,
  userId: number,
  paging: { page: number; pageSize: number },
): Promise<{ rows: FileRow[]; count: number }> {
  const where = and(eq(files.createdById, userId), eq(files.status, FileStatus.Ready));
  const rows = await db
    .select()
    .from(files)
    .where(where)
    .orderBy(desc(files.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(files)
    .where(where);
  return { rows, count: c?.n ?? 0 };
}

/**
 * Deletes the file rows matching `where` and queues their storage keys (and a pending direct
 * upload's key) for removal from the store (`storage_deletions`), within `tx`. Answers the keys
 * (for `removeStoredFiles` after commit) and the deleted rows' uploaders.
 */
async function deleteFilesWhere(
  tx: Tx,
  where: SQL | undefined,
): Promise<{ keys: string[]; createdByIds: (number | null)[] }> {
  const rows = await tx.delete(files).where(where).returning({
    storageKey: files.storageKey,
    uploadKey: files.uploadKey,
    createdById: files.createdById,
  });
  const keys = rows.flatMap((r) => (r.uploadKey ? [r.storageKey, r.uploadKey] : [r.storageKey]));
  if (keys.length > 0)
    await tx.insert(storageDeletions).values(keys.map((storageKey) => ({ storageKey })));
  return { keys, createdByIds: rows.map((r) => r.createdById) };
}

/**
 * Deletes the file `id` if it is still Pending (bytes queued for removal) and, when it was,
 * writes `receivedBytes` (what had arrived for it, e.g. a cancelled upload's offset) to its
 * uploader's ledger. Answers the storage keys to remove (none when nothing was deleted).
 */
export async function deletePendingFile(tx: Tx, id: number, receivedBytes = 0): Promise<string[]> {
  const { keys, createdByIds } = await deleteFilesWhere(
    tx,
    and(eq(files.id, id), eq(files.status, FileStatus.Pending)),
  );
  const userId = createdByIds[0];
  if (userId != null) await recordReceivedBytes(tx, userId, receivedBytes);
  return keys;
}

/**
 * Deletes Pending rows created before `createdBefore`, queues any bytes stored for them for
 * removal, and answers their storage keys.
 */
export async function deleteStalePending(tx: Tx, createdBefore: Date): Promise<string[]> {
  const { keys } = await deleteFilesWhere(
    tx,
    and(eq(files.status, FileStatus.Pending), lt(files.createdAt, createdBefore)),
  );
  return keys;
}

/**
 * The upload volume `userId` used since `since`: the bytes its ledger received since then
 * (`upload_ledger`, whatever became of the files) plus the declared size of its uploads created
 * since then and still Pending (they hold their room), leaving out the file `exceptId`; and the
 * oldest counted time (null when nothing counts). One statement.
 */
export async function bytesUploadedSince(
  db: Db | Tx,
  userId: number,
  since: Date,
  exceptId?: number,
): Promise<{ bytes: number; oldest: Date | null }> {
  const sinceText = since.toISOString();
  const except = exceptId !== undefined ? sql` and ${files.id} <> ${exceptId}` : sql``;
  const [row] = await executeRows<{ bytes: string | number; oldest: string | Date | null }>(
    db,
    sql`select coalesce(sum(counted.bytes), 0) as bytes, min(counted.at) as oldest from (
      select ${uploadLedger.bytes} as bytes, ${uploadLedger.receivedAt} as at from ${uploadLedger}
        where ${uploadLedger.userId} = ${userId} and ${uploadLedger.receivedAt} > ${sinceText}::timestamptz
      union all
      select ${files.declaredSize}, ${files.createdAt} from ${files}
        where ${files.createdById} = ${userId} and ${files.status} = ${FileStatus.Pending}
          and ${files.createdAt} > ${sinceText}::timestamptz${except}
    ) counted`,
  );
  return {
    bytes: Number(row?.bytes ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

/**
 * Ids of the personal files of `userId` (erased with the user): the videos of its answers (the
 * original, the MP4 made from it and its poster), every file it uploaded (attached or not, Pending
 * or Ready) and its profile image. Files of content it authored (question audios, asset images)
 * are among them but stay: `deleteUnusedFiles` keeps whatever is still referenced. One statement.
 */
export async function personalFileIdsOf(db: Db | Tx, userId: number): Promise<number[]> {
  const itemFiles = (column: PgColumn) =>
    inArray(
      files.id,
      db
        .select({ id: column })
        .from(answerItems)
        .innerJoin(answers, eq(answers.id, answerItems.answerId))
        .where(and(eq(answers.userId, userId), isNotNull(column))),
    );
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      or(
        eq(files.createdById, userId),
        itemFiles(answerItems.fileId),
        itemFiles(answerItems.playbackFileId),
        itemFiles(answerItems.posterFileId),
        inArray(
          files.id,
          db
            .select({ id: users.imageId })
            .from(users)
            .where(and(eq(users.id, userId), isNotNull(users.imageId))),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

const isId = (id: number | null): id is number => id !== null;

/**
 * Ids of the video files (original, MP4, poster) of the items of the Pending answers of `userIds`
 * (every trainee's when omitted) on `assignmentIds`: the files an assignment's deletion or a
 * trainee's removal from it leaves behind. One statement.
 */
export async function pendingAnswerFileIds(
  db: Db | Tx,
  assignmentIds: readonly number[],
  userIds?: readonly number[],
): Promise<number[]> {
  if (assignmentIds.length === 0 || userIds?.length === 0) return [];
  const rows = await db
    .select({
      fileId: answerItems.fileId,
      playbackFileId: answerItems.playbackFileId,
      posterFileId: answerItems.posterFileId,
    })
    .from(answerItems)
    .innerJoin(answers, eq(answers.id, answerItems.answerId))
    .where(
      and(
        inArray(answers.assignmentId, [...assignmentIds]),
        eq(answers.statusId, AnswerStatus.Pending),
        userIds ? inArray(answers.userId, [...userIds]) : undefined,
      ),
    );
  return rows.flatMap((r) => [r.fileId, r.playbackFileId, r.posterFileId]).filter(isId);
}

/**
 * The condition 'nothing refers to this file': no answer item (original, MP4 or poster), user or
 * organization image, asset image or question audio. Every column that holds a `files.id`.
 */
function referencedNowhere(db: Db | Tx): SQL {
  const none = (table: PgTable, column: PgColumn) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(eq(column, files.id)),
    );
  return and(
    none(answerItems, answerItems.fileId),
    none(answerItems, answerItems.playbackFileId),
    none(answerItems, answerItems.posterFileId),
    none(users, users.imageId),
    none(organizations, organizations.imageId),
    none(assets, assets.imageId),
    none(questionAudios, questionAudios.audioId),
  )!;
}

/**
 * Deletes the files among `ids` that nothing refers to any more (`referencedNowhere`) and queues
 * their bytes for removal within `tx`. Answers their storage keys, so the caller can remove the
 * bytes at once after commit (`removeStoredFiles`); the storage deletion worker does it otherwise.
 */
export async function deleteUnusedFiles(tx: Tx, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { keys } = await deleteFilesWhere(
    tx,
    and(inArray(files.id, [...new Set(ids)]), referencedNowhere(tx)),
  );
  return keys;
}

/**
 * Deletes up to `limit` Ready files completed before `completedBefore` that nothing refers to
 * (`referencedNowhere`), queuing their bytes for removal within `tx`. Answers their storage keys.
 */
export async function deleteUnreferencedFiles(
  tx: Tx,
  completedBefore: Date,
  limit: number,
): Promise<string[]> {
  const due = tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.status, FileStatus.Ready),
        lt(sql`coalesce(${files.completedAt}, ${files.createdAt})`, completedBefore),
        referencedNowhere(tx),
      ),
    )
    .orderBy(asc(files.id))
    .limit(limit);
  const { keys } = await deleteFilesWhere(tx, inArray(files.id, due));
  return keys;
}

/**
 * Detaches the videos (original, MP4, poster) of up to `limit` items of Reviewed answers reviewed
 * before `reviewedBefore`, locking them (`FOR UPDATE SKIP LOCKED`), and sets their
 * `video_deleted_at`; scores, reviews and durations stay. Answers how many items it detached and
 * the ids of the files they held, for `deleteUnusedFiles` in the same transaction.
 */
export async function detachExpiredVideos(
  tx: Tx,
  reviewedBefore: Date,
  limit: number,
): Promise<{ items: number; fileIds: number[] }> {
  const due = await tx
    .select({
      id: answerItems.id,
      fileId: answerItems.fileId,
      playbackFileId: answerItems.playbackFileId,
      posterFileId: answerItems.posterFileId,
    })
    .from(answerItems)
    .innerJoin(answers, eq(answers.id, answerItems.answerId))
    .where(
      and(
        eq(answers.statusId, AnswerStatus.Reviewed),
        lt(answers.reviewedAt, reviewedBefore),
        isNull(answerItems.videoDeletedAt),
        or(
          isNotNull(answerItems.fileId),
          isNotNull(answerItems.playbackFileId),
          isNotNull(answerItems.posterFileId),
        ),
      ),
    )
    .orderBy(asc(answerItems.id))
    .limit(limit)
    .for('update', { of: answerItems, skipLocked: true });
  if (due.length === 0) return { items: 0, fileIds: [] };
  await tx
    .update(answerItems)
    .set({ fileId: null, playbackFileId: null, posterFileId: null, videoDeletedAt: sql`now()` })
    .where(
      inArray(
        answerItems.id,
        due.map((d) => d.id),
      ),
    );
  return {
    items: due.length,
    fileIds: due.flatMap((d) => [d.fileId, d.playbackFileId, d.posterFileId]).filter(isId),
  };
}

/** A queued removal of stored bytes (`storage_deletions`). */
export type StorageDeletionRow = typeof storageDeletions.$inferSelect;

const nowPlus = (ms: number) => sql`now() + (${Math.round(ms)}::bigint * interval '1 millisecond')`;

/**
 * Claims up to `limit` due removals: in one transaction, `SELECT … FOR UPDATE SKIP LOCKED`, then
 * moves their next attempt `leaseMs` milliseconds ahead and counts the attempt, so another server
 * copy skips them and a copy that dies leaves them due again when the lease runs out.
 */
export async function claimDueDeletions(
  db: Db,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<StorageDeletionRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: storageDeletions.id })
      .from(storageDeletions)
      .where(lte(storageDeletions.nextAttemptAt, sql`now()`))
      .orderBy(asc(storageDeletions.nextAttemptAt), asc(storageDeletions.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(storageDeletions)
      .set({ attempts: sql`${storageDeletions.attempts} + 1`, nextAttemptAt: nowPlus(leaseMs) })
      .where(
        inArray(
          storageDeletions.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  });
}

/** Removes the queued removals of `storageKeys` (their bytes are gone). */
export async function settleDeletions(db: Db | Tx, storageKeys: readonly string[]): Promise<void> {
  if (storageKeys.length === 0) return;
  await db.delete(storageDeletions).where(inArray(storageDeletions.storageKey, [...storageKeys]));
}

/** Records a failed removal `id`: its error, and the next attempt `retryInMs` milliseconds from now. */
export async function markDeletionFailed(
  db: Db,
  id: number,
  { error, retryInMs }: { error: string; retryInMs: number },
): Promise<void> {
  await db
    .update(storageDeletions)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt: nowPlus(retryInMs) })
    .where(eq(storageDeletions.id, id));
}
