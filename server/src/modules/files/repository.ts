/**
 * Queries on `files` (000 §7 'Files', DECISIONS.md 'Files'). Every function takes the Drizzle
 * handle (`Db` or a transaction) and runs one statement.
 */
import { and, desc, eq, gt, inArray, isNotNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MediaType } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  FileStatus,
  answerItems,
  answers,
  assets,
  files,
  organizations,
  questionAudios,
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

/** Ready files among `ids` (any order; missing and Pending ids are left out). */
export async function findReadyFiles(db: Db | Tx, ids: readonly number[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(inArray(files.id, [...ids]), eq(files.status, FileStatus.Ready)));
}

/**
 * Marks a Pending file Ready with its real `size` in bytes. Answers the row, or undefined when
 * the file is no longer Pending (another upload completed it, or the sweep removed it).
 */
export async function markFileReady(
  db: Db | Tx,
  id: number,
  size: number,
): Promise<FileRow | undefined> {
  const [row] = await db
    .update(files)
    .set({ status: FileStatus.Ready, size, completedAt: sql`now()` })
    .where(and(eq(files.id, id), eq(files.status, FileStatus.Pending)))
    .returning();
  return row;
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

/** Deletes the file `id` if it is still Pending; answers its storage key, or undefined. */
export async function deletePendingFile(db: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.id, id), eq(files.status, FileStatus.Pending)))
    .returning({ storageKey: files.storageKey });
  return row?.storageKey;
}

/**
 * Deletes Pending rows created more than `olderThanMs` milliseconds ago and
 * answers their storage keys, so the caller removes any bytes stored for them.
 */
export async function deleteStalePending(db: Db, olderThanMs: number): Promise<string[]> {
  const rows = await db
    .delete(files)
    .where(
      and(
        eq(files.status, FileStatus.Pending),
        lt(files.createdAt, new Date(Date.now() - olderThanMs)),
      ),
    )
    .returning({ storageKey: files.storageKey });
  return rows.map((r) => r.storageKey);
}

/**
 * The bytes of the files `userId` created after `since` that still exist (the real size of Ready
 * files, the declared size of Pending ones, so pending uploads hold their room), leaving out the
 * file `exceptId`; and the oldest counted creation time (null when none).
 */
export async function bytesUploadedSince(
  db: Db | Tx,
  userId: number,
  since: Date,
  exceptId?: number,
): Promise<{ bytes: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      bytes: sql<number>`coalesce(sum(coalesce(${files.size}, ${files.declaredSize})), 0)`.mapWith(
        Number,
      ),
      oldest: sql<string | null>`min(${files.createdAt})`,
    })
    .from(files)
    .where(
      and(
        eq(files.createdById, userId),
        gt(files.createdAt, since),
        exceptId !== undefined ? ne(files.id, exceptId) : undefined,
      ),
    );
  return { bytes: row?.bytes ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Ids of the personal files of `userId` (erased with the user): the videos of its answers, every
 * video it uploaded (attached or not, Pending or Ready) and its profile image. One statement.
 */
export async function personalFileIdsOf(db: Db | Tx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      or(
        and(eq(files.createdById, userId), eq(files.fileTypeId, MediaType.Video)),
        inArray(
          files.id,
          db
            .select({ id: answerItems.fileId })
            .from(answerItems)
            .innerJoin(answers, eq(answers.id, answerItems.answerId))
            .where(and(eq(answers.userId, userId), isNotNull(answerItems.fileId))),
        ),
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

/**
 * Deletes the files among `ids` that nothing refers to any more (no answer item, user or
 * organization image, asset image or question audio) and answers their storage keys, so the
 * caller removes the bytes once its transaction committed. One statement.
 */
export async function deleteUnusedFiles(db: Db | Tx, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const none = (table: PgTable, column: PgColumn) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(eq(column, files.id)),
    );
  const rows = await db
    .delete(files)
    .where(
      and(
        inArray(files.id, [...ids]),
        none(answerItems, answerItems.fileId),
        none(users, users.imageId),
        none(organizations, organizations.imageId),
        none(assets, assets.imageId),
        none(questionAudios, questionAudios.audioId),
      ),
    )
    .returning({ storageKey: files.storageKey });
  return rows.map((r) => r.storageKey);
}
