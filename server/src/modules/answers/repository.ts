/**
 * Queries on answers and their items (001 §3 'Answer', 'Answer item', §7 `/assignments/answers…`);
 * the review call's statements (review forms, locks, the review statement, the latest review) are
 * in review-repository.ts, re-exported here. A list page is one statement with a window count; a
 * page's items and review forms come in a fixed number of statements, never one per row. Answers
 * of soft-deleted trainees are left out, as in the assignments module.
 */
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { preparedQuery } from '../../db/prepared-queries.js';
import type { Db, Tx } from '../../db/client.js';
import { answerRowColumns, type AnswerRow } from '../assignments/index.js';
import { mediaFailureCode, type AnswerItemRow } from '../composition/index.js';
import {
  FileStatus,
  MediaStatus,
  answerItems,
  answers,
  assignments,
  files,
  questions,
  reviewClaims,
  users,
} from '../../db/schema/index.js';
import { type ClaimRow } from '../review-claims/index.js';
// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/** A row of the answers list: an assignment's answer row with the assignment's name. */
export interface AnswerListRow extends AnswerRow {
  assignmentName: string;
}

/** The columns of an answers list row (`AnswerListRow`), over answers joined to users and assignments. */
export const listColumns = { ...answerRowColumns, assignmentName: assignments.name };

/** An answer with what the access checks and the detail need of its trainee and assignment. */
export interface AnswerFullRow extends AnswerListRow {
  userDeletedAt: Date | null;
  organizationId: number;
  assignmentDescription: string;
  assignmentStatusId: number;
  startDate: string | null;
  closeDate: string | null;
  interviewId: number | null;
  environmentId: number | null;
  ratingsId: number | null;
  feedbackId: number | null;
  /** How many reviews the answer has had (decisions.md#review-loop §4: the detail's ETag). */
  reviewVersion: number;
  /** The live claim on the answer (decisions.md#review-loop §4) with its holder, or null. */
  claim: ClaimRow | null;
}

const claimHolder = alias(users, 'claim_holder');

/**
 * One answer with its trainee and assignment and its live claim, or undefined. One statement,
 * prepared once.
 */
export async function findAnswer(db: Db | Tx, id: number): Promise<AnswerFullRow | undefined> {
  const query = preparedQuery(db, 'answers.find', (name) =>
    db
      .select({
        ...listColumns,
        userDeletedAt: users.deletedAt,
        organizationId: assignments.organizationId,
        assignmentDescription: assignments.description,
        assignmentStatusId: assignments.statusId,
        startDate: assignments.startDate,
        closeDate: assignments.closeDate,
        interviewId: assignments.interviewId,
        environmentId: assignments.environmentId,
        ratingsId: assignments.ratingsId,
        feedbackId: assignments.feedbackId,
        reviewVersion: answers.reviewVersion,
        claimUserId: reviewClaims.userId,
        claimFirstName: claimHolder.firstName,
        claimLastName: claimHolder.lastName,
        claimedAt: reviewClaims.claimedAt,
        claimExpiresAt: reviewClaims.expiresAt,
      })
      .from(answers)
      .innerJoin(users, eq(users.id, answers.userId))
      .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
      .leftJoin(
        reviewClaims,
        and(
          eq(reviewClaims.answerId, answers.id),
          gt(reviewClaims.expiresAt, sql.placeholder('now')),
        ),
      )
      .leftJoin(claimHolder, eq(claimHolder.id, reviewClaims.userId))
      .where(eq(answers.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  const [found] = await query.execute({ id, now: new Date() });
  if (!found) return undefined;
  const { claimUserId, claimFirstName, claimLastName, claimedAt, claimExpiresAt, ...row } = found;
  const claim =
    claimUserId !== null && claimedAt !== null && claimExpiresAt !== null
      ? {
          answerId: row.id,
          userId: claimUserId,
          firstName: claimFirstName ?? '',
          lastName: claimLastName ?? '',
          claimedAt,
          expiresAt: claimExpiresAt,
        }
      : null;
  return { ...row, claim };
}

/** `userId`'s answer on the assignment (the unique pair), or undefined. One statement. */
export async function findAnswerOf(
  db: Db | Tx,
  assignmentId: number,
  userId: number,
): Promise<AnswerFullRow | undefined> {
  const [row] = await db
    .select({ id: answers.id })
    .from(answers)
    .where(and(eq(answers.assignmentId, assignmentId), eq(answers.userId, userId)))
    .limit(1);
  return row ? findAnswer(db, row.id) : undefined;
}

/**
 * Locks the answer row for the rest of the transaction (after the assignment's row, always in that
 * order) and answers its status, or undefined when it is gone.
 */
export async function lockAnswer(
  tx: Tx,
  id: number,
): Promise<
  | {
      statusId: number;
      userId: number;
      assignmentId: number;
      ratingsAnswerId: number | null;
      feedbackAnswerId: number | null;
    }
  | undefined
> {
  const [row] = await tx
    .select({
      statusId: answers.statusId,
      userId: answers.userId,
      assignmentId: answers.assignmentId,
      ratingsAnswerId: answers.ratingsAnswerId,
      feedbackAnswerId: answers.feedbackAnswerId,
    })
    .from(answers)
    .where(eq(answers.id, id))
    .for('update');
  return row;
}

/** The due date of an assignment (read after `lockAssignment`, so it cannot change meanwhile). */
export async function closeDateOf(tx: Tx, assignmentId: number): Promise<string | null> {
  const [row] = await tx
    .select({ closeDate: assignments.closeDate })
    .from(assignments)
    .where(eq(assignments.id, assignmentId));
  return row?.closeDate ?? null;
}

/** Sets `viewed` (the review screen's green check). */
export async function markViewed(db: Db | Tx, id: number): Promise<void> {
  await db.update(answers).set({ viewed: true }).where(eq(answers.id, id));
}

/** Updates columns of one answer; `updatedAt` is set to now. */
export async function updateAnswer(
  db: Db | Tx,
  id: number,
  values: Partial<
    Pick<
      typeof answers.$inferInsert,
      | 'statusId'
      | 'score'
      | 'submittedAt'
      | 'reviewedAt'
      | 'viewed'
      | 'ratingsAnswerId'
      | 'feedbackAnswerId'
    >
  >,
): Promise<void> {
  await db
    .update(answers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(answers.id, id));
}

/** Adds one to the answer's practice counter (POST /me/assignments/{id}/practice). */
export async function countPractice(db: Db | Tx, id: number): Promise<void> {
  await db
    .update(answers)
    .set({ practiceCounter: sql`${answers.practiceCounter} + 1`, updatedAt: new Date() })
    .where(eq(answers.id, id));
}

// ---------------------------------------------------------------------------
// Answer items
// ---------------------------------------------------------------------------

/** Item and review-form rows are the composition module's (one definition). */
export type { AnswerItemRow, ContentAnswerRow } from '../composition/index.js';

const playbackFile = alias(files, 'playback_file');
const posterFile = alias(files, 'poster_file');

const itemColumns = {
  id: answerItems.id,
  answerId: answerItems.answerId,
  questionId: answerItems.questionId,
  text: answerItems.text,
  duration: answerItems.duration,
  fileId: answerItems.fileId,
  fileKey: files.storageKey,
  mediaStatus: answerItems.mediaStatus,
  playbackFileId: answerItems.playbackFileId,
  playbackKey: playbackFile.storageKey,
  posterFileId: answerItems.posterFileId,
  posterKey: posterFile.storageKey,
  videoDeletedAt: answerItems.videoDeletedAt,
  mediaFailure: mediaFailureCode(answerItems),
  reviewedAt: answers.reviewedAt,
};

/** A Ready file of `table` (an alias of files) with the id in `column`. */
const readyFile = (table: { id: PgColumn; status: PgColumn }, column: PgColumn) =>
  and(eq(table.id, column), eq(table.status, FileStatus.Ready));

/**
 * The items of `answerIds` in their questions' order, with the keys of their Ready video, MP4 and
 * poster and their answer's review time. One statement.
 */
export async function itemsOfAnswers(
  db: Db | Tx,
  answerIds: readonly number[],
): Promise<AnswerItemRow[]> {
  if (answerIds.length === 0) return [];
  return db
    .select(itemColumns)
    .from(answerItems)
    .innerJoin(answers, eq(answers.id, answerItems.answerId))
    .innerJoin(questions, eq(questions.id, answerItems.questionId))
    .leftJoin(files, readyFile(files, answerItems.fileId))
    .leftJoin(playbackFile, readyFile(playbackFile, answerItems.playbackFileId))
    .leftJoin(posterFile, readyFile(posterFile, answerItems.posterFileId))
    .where(inArray(answerItems.answerId, [...answerIds]))
    .orderBy(asc(answerItems.answerId), asc(questions.position), asc(questions.id));
}

/** `value` when the upsert gives the item another video, else the column as it is. */
const whenVideoChanges = (value: SQL, column: PgColumn) =>
  sql`case when ${answerItems.fileId} is distinct from excluded.file_id then ${value} else ${column} end`;

/**
 * Saves items of one answer: an item of a question already answered is replaced (file, duration,
 * text; a new video also drops the MP4, poster and media status of the one it replaces), others
 * are added (ON CONFLICT on the answer and question). One statement.
 */
export async function upsertItems(
  db: Db | Tx,
  answerId: number,
  items: readonly { questionId: number; fileId: number; duration: number; text: string | null }[],
): Promise<void> {
  if (items.length === 0) return;
  const now = new Date();
  await db
    .insert(answerItems)
    .values(items.map((i) => ({ answerId, ...i, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [answerItems.answerId, answerItems.questionId],
      set: {
        fileId: sql`excluded.file_id`,
        duration: sql`excluded.duration`,
        text: sql`excluded.text`,
        mediaStatus: whenVideoChanges(sql`${MediaStatus.None}`, answerItems.mediaStatus),
        playbackFileId: whenVideoChanges(sql`null`, answerItems.playbackFileId),
        posterFileId: whenVideoChanges(sql`null`, answerItems.posterFileId),
        updatedAt: now,
      },
    });
}

/** The questions of a content (an interview) in their order: id, text, role. One statement. */
export async function questionsOfContent(db: Db | Tx, contentId: number) {
  return db
    .select({
      id: questions.id,
      text: questions.text,
      interviewRoleId: questions.interviewRoleId,
    })
    .from(questions)
    .where(eq(questions.contentId, contentId))
    .orderBy(asc(questions.position), asc(questions.id));
}

// The review call's statements: review-repository.ts.
export * from './review-repository.js';
