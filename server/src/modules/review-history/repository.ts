/**
 * Reads of the review history (table `reviews` with its two forms and time-coded comments) and the
 * reviewers' drafts (`review_drafts`) of decisions.md#review-loop §5, §6. The answers module writes reviews
 * (its review statement owns the `reviews` table); this module reads them, and owns the drafts:
 * the caller's own draft, and `draftDiscard`, the review statement's delete of the reviewer's draft.
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import type { ReviewStatementWrite } from '../answers/index.js';
import {
  contentAnswers,
  contents,
  reviewComments,
  reviewDrafts,
  reviews,
  users,
} from '../../db/schema/index.js';

const reviewer = alias(users, 'reviewer');
const ratingsForm = alias(contentAnswers, 'ratings_form');
const feedbackForm = alias(contentAnswers, 'feedback_form');
const ratingsContent = alias(contents, 'ratings_content');
const feedbackContent = alias(contents, 'feedback_content');

/** One form of a review as stored (null columns when the form row is gone). */
export interface ReviewFormRow {
  id: number;
  contentId: number;
  contentTypeId: number;
  answers: { questionId: number; text: string }[];
  score: number | null;
  createdAt: Date;
}

/** One completed review with its reviewer and forms. */
export interface ReviewRow {
  id: number;
  version: number;
  reviewerId: number | null;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
  score: number | null;
  createdAt: Date;
  ratings: ReviewFormRow | null;
  feedback: ReviewFormRow | null;
}

/**
 * The completed reviews of `answerId`, newest first, with their reviewers and both forms; only
 * those `reviewerId` wrote when given. One statement.
 */
export async function reviewsOfAnswer(
  db: Db | Tx,
  answerId: number,
  reviewerId?: number,
): Promise<ReviewRow[]> {
  const rows = await db
    .select({
      id: reviews.id,
      version: reviews.version,
      reviewerId: reviews.reviewerId,
      reviewerFirstName: reviewer.firstName,
      reviewerLastName: reviewer.lastName,
      score: reviews.score,
      createdAt: reviews.createdAt,
      ratingsId: ratingsForm.id,
      ratingsContentId: ratingsForm.contentId,
      ratingsContentTypeId: ratingsContent.contentTypeId,
      ratingsAnswers: ratingsForm.answers,
      ratingsScore: ratingsForm.score,
      ratingsCreatedAt: ratingsForm.createdAt,
      feedbackId: feedbackForm.id,
      feedbackContentId: feedbackForm.contentId,
      feedbackContentTypeId: feedbackContent.contentTypeId,
      feedbackAnswers: feedbackForm.answers,
      feedbackScore: feedbackForm.score,
      feedbackCreatedAt: feedbackForm.createdAt,
    })
    .from(reviews)
    .leftJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .leftJoin(ratingsForm, eq(ratingsForm.id, reviews.ratingsAnswerId))
    .leftJoin(ratingsContent, eq(ratingsContent.id, ratingsForm.contentId))
    .leftJoin(feedbackForm, eq(feedbackForm.id, reviews.feedbackAnswerId))
    .leftJoin(feedbackContent, eq(feedbackContent.id, feedbackForm.contentId))
    .where(
      reviewerId === undefined
        ? eq(reviews.answerId, answerId)
        : and(eq(reviews.answerId, answerId), eq(reviews.reviewerId, reviewerId)),
    )
    .orderBy(desc(reviews.id));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    reviewerId: r.reviewerId,
    reviewerFirstName: r.reviewerFirstName,
    reviewerLastName: r.reviewerLastName,
    score: r.score,
    createdAt: r.createdAt,
    ratings:
      r.ratingsId !== null && r.ratingsContentTypeId !== null
        ? {
            id: r.ratingsId,
            contentId: r.ratingsContentId!,
            contentTypeId: r.ratingsContentTypeId,
            answers: r.ratingsAnswers ?? [],
            score: r.ratingsScore,
            createdAt: r.ratingsCreatedAt!,
          }
        : null,
    feedback:
      r.feedbackId !== null && r.feedbackContentTypeId !== null
        ? {
            id: r.feedbackId,
            contentId: r.feedbackContentId!,
            contentTypeId: r.feedbackContentTypeId,
            answers: r.feedbackAnswers ?? [],
            score: r.feedbackScore,
            createdAt: r.feedbackCreatedAt!,
          }
        : null,
  }));
}

/** A time-coded comment kept with a review. */
export interface ReviewCommentRow {
  id: number;
  reviewId: number;
  questionId: number;
  atMs: number;
  text: string;
  authorFirstName: string | null;
  authorLastName: string | null;
  createdAt: Date;
}

const author = alias(users, 'author');

/**
 * The comments kept with the completed reviews of `answerId` (drafts left out), in the order of
 * their video time; only those of reviews `reviewerId` wrote when given. One statement.
 */
export async function commentsOfReviews(
  db: Db | Tx,
  answerId: number,
  reviewerId?: number,
): Promise<ReviewCommentRow[]> {
  const rows = await db
    .select({
      id: reviewComments.id,
      reviewId: reviewComments.reviewId,
      questionId: reviewComments.questionId,
      atMs: reviewComments.atMs,
      text: reviewComments.text,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      createdAt: reviewComments.createdAt,
    })
    .from(reviewComments)
    .leftJoin(author, eq(author.id, reviewComments.createdById))
    .where(
      and(
        eq(reviewComments.answerId, answerId),
        isNotNull(reviewComments.reviewId),
        reviewerId === undefined
          ? undefined
          : inArray(
              reviewComments.reviewId,
              db
                .select({ id: reviews.id })
                .from(reviews)
                .where(and(eq(reviews.answerId, answerId), eq(reviews.reviewerId, reviewerId))),
            ),
      ),
    )
    .orderBy(reviewComments.questionId, reviewComments.atMs, reviewComments.id);
  return rows.map((r) => ({ ...r, reviewId: r.reviewId! }));
}

/** A reviewer's draft as stored. */
export interface DraftRow {
  ratings: Record<string, string>;
  feedback: Record<string, string>;
  updatedAt: Date;
}

const draftColumns = {
  ratings: reviewDrafts.ratings,
  feedback: reviewDrafts.feedback,
  updatedAt: reviewDrafts.updatedAt,
};

const draftKey = (answerId: number, userId: number) =>
  and(eq(reviewDrafts.answerId, answerId), eq(reviewDrafts.userId, userId));

/** `userId`'s draft of a review of `answerId`, or undefined. One statement. */
export async function findDraft(
  db: Db | Tx,
  answerId: number,
  userId: number,
): Promise<DraftRow | undefined> {
  const [row] = await db
    .select(draftColumns)
    .from(reviewDrafts)
    .where(draftKey(answerId, userId))
    .limit(1);
  return row;
}

/** Stores `userId`'s draft of `answerId` (insert or replace both forms). One statement. */
export async function upsertDraft(
  db: Db | Tx,
  answerId: number,
  userId: number,
  forms: { ratings: Record<string, string>; feedback: Record<string, string> },
): Promise<DraftRow> {
  const [row] = await db
    .insert(reviewDrafts)
    .values({ answerId, userId, ratings: forms.ratings, feedback: forms.feedback })
    .onConflictDoUpdate({
      target: [reviewDrafts.answerId, reviewDrafts.userId],
      set: { ratings: forms.ratings, feedback: forms.feedback, updatedAt: sql`now()` },
    })
    .returning(draftColumns);
  return row!;
}

/** Discards `userId`'s draft of `answerId` (nothing when there is none). One statement. */
export async function deleteDraft(db: Db | Tx, answerId: number, userId: number): Promise<void> {
  await db.delete(reviewDrafts).where(draftKey(answerId, userId));
}

/**
 * The review statement's write on `review_drafts` (decisions.md#review-loop §6): deletes the
 * reviewer's draft of the answer, returning the answer id of what it deleted. The answers module
 * cannot import this one (this module imports it), so the app passes it in (`reviewStatementWrites`
 * in app.ts). Runs nothing on its own.
 */
export const draftDiscard: ReviewStatementWrite = (tx, { answerId, reviewerId }) =>
  tx
    .delete(reviewDrafts)
    .where(draftKey(answerId, reviewerId))
    .returning({ answerId: reviewDrafts.answerId });
