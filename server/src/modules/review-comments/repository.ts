/**
 * Queries on time-coded comments (decisions.md#review-loop §3; `review_comments`). Every call is one statement:
 * the player's list (the latest review's comments and the caller's drafts), a draft's insert, its
 * conditional update or delete (only while it is the caller's draft), one comment, and a review's
 * comments for the trainee.
 */
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { ReviewStatementWrite } from '../answers/index.js';
import { reviewComments, reviews, users } from '../../db/schema/index.js';

/** A comment with its author's name (null once the author was erased). */
export interface CommentRow {
  id: number;
  answerId: number;
  questionId: number;
  atMs: number;
  text: string;
  createdById: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  reviewId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: reviewComments.id,
  answerId: reviewComments.answerId,
  questionId: reviewComments.questionId,
  atMs: reviewComments.atMs,
  text: reviewComments.text,
  createdById: reviewComments.createdById,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  reviewId: reviewComments.reviewId,
  createdAt: reviewComments.createdAt,
  updatedAt: reviewComments.updatedAt,
};

/** The id of the answer's latest review (the highest id), as a scalar subquery. */
function latestReviewOf(answerId: number): SQL {
  return sql`(select max(${reviews.id}) from ${reviews} where ${reviews.answerId} = ${answerId})`;
}

/** Comments of the answer matching `where`, with their authors, by question, time and id. */
function selectComments(db: Db | Tx, answerId: number, where: SQL | undefined) {
  return db
    .select(columns)
    .from(reviewComments)
    .leftJoin(users, eq(users.id, reviewComments.createdById))
    .where(and(eq(reviewComments.answerId, answerId), where))
    .orderBy(asc(reviewComments.questionId), asc(reviewComments.atMs), asc(reviewComments.id));
}

/**
 * The comments the console's player shows on the answer: those of its latest review and the
 * drafts of `userId`, by question id, time and id. One statement.
 */
export function playerComments(
  db: Db | Tx,
  answerId: number,
  userId: number,
): Promise<CommentRow[]> {
  return selectComments(
    db,
    answerId,
    or(
      eq(reviewComments.reviewId, latestReviewOf(answerId)),
      and(isNull(reviewComments.reviewId), eq(reviewComments.createdById, userId)),
    ),
  );
}

/** The comments of the answer's latest review only (the trainee's), by question, time and id. One statement. */
export function latestReviewComments(db: Db | Tx, answerId: number): Promise<CommentRow[]> {
  return selectComments(db, answerId, eq(reviewComments.reviewId, latestReviewOf(answerId)));
}

/** One comment of the answer, or undefined. One statement. */
export async function findComment(
  db: Db | Tx,
  answerId: number,
  commentId: number,
): Promise<CommentRow | undefined> {
  const [row] = await selectComments(db, answerId, eq(reviewComments.id, commentId));
  return row;
}

/** Inserts a draft of `createdById`; answers its id. One statement. */
export async function insertDraft(
  db: Db | Tx,
  values: { answerId: number; questionId: number; atMs: number; text: string; createdById: number },
): Promise<number> {
  const [row] = await db.insert(reviewComments).values(values).returning({ id: reviewComments.id });
  return row!.id;
}

/** The condition of a comment that is still `userId`'s draft on the answer. */
function draftOf(answerId: number, commentId: number, userId: number): SQL {
  return and(
    eq(reviewComments.id, commentId),
    eq(reviewComments.answerId, answerId),
    eq(reviewComments.createdById, userId),
    isNull(reviewComments.reviewId),
  )!;
}

/**
 * Changes the text and/or time of `userId`'s draft `commentId` on the answer (and `updatedAt`);
 * answers whether it was still that draft (false: missing, another's or submitted — nothing
 * changed). One statement.
 */
export async function updateDraft(
  db: Db | Tx,
  answerId: number,
  commentId: number,
  userId: number,
  values: { text?: string | undefined; atMs?: number | undefined },
): Promise<boolean> {
  const set: Partial<typeof reviewComments.$inferInsert> = { updatedAt: new Date() };
  if (values.text !== undefined) set.text = values.text;
  if (values.atMs !== undefined) set.atMs = values.atMs;
  const rows = await db
    .update(reviewComments)
    .set(set)
    .where(draftOf(answerId, commentId, userId))
    .returning({ id: reviewComments.id });
  return rows.length > 0;
}

/** Deletes `userId`'s draft `commentId` on the answer; answers whether there was one. One statement. */
export async function deleteDraft(
  db: Db | Tx,
  answerId: number,
  commentId: number,
  userId: number,
): Promise<boolean> {
  const rows = await db
    .delete(reviewComments)
    .where(draftOf(answerId, commentId, userId))
    .returning({ id: reviewComments.id });
  return rows.length > 0;
}

/**
 * The review statement's write on `review_comments` (decisions.md#review-loop §3, §5): attaches
 * the reviewer's draft comments on the answer to the new review, returning their ids. The answers
 * module cannot import this one (this module imports it), so the app passes it in
 * (`reviewStatementWrites` in app.ts). Runs nothing on its own.
 */
export const draftCommentsAttach: ReviewStatementWrite = (
  tx,
  { answerId, reviewerId, reviewId, now },
) =>
  tx
    .update(reviewComments)
    .set({ reviewId, updatedAt: now })
    .where(
      and(
        eq(reviewComments.answerId, answerId),
        eq(reviewComments.createdById, reviewerId),
        isNull(reviewComments.reviewId),
      ),
    )
    .returning({ id: reviewComments.id });
