/**
 * The statements of the review call (001 §3 'Review payload', §5; decisions.md#review-loop §4, §5):
 * the review forms (content answers) and the questions they are checked against, the row locks a
 * review takes, the one statement that stores a review with everything it changes, and the latest
 * review of the history. Split from repository.ts, which re-exports it.
 */
import { and, asc, desc, eq, gt, inArray, sql, type ColumnsSelection, type SQL } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import { alias } from 'drizzle-orm/pg-core';
import { AnswerStatus } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import type { ContentAnswerRow } from '../composition/index.js';
import {
  answers,
  auditEvents,
  assignments,
  contentAnswers,
  contents,
  mailOutbox,
  questionOptions,
  questions,
  notificationOptOuts,
  reviews,
  users,
} from '../../db/schema/index.js';
import { auditInsert } from '../audit/index.js';
import { outboxInsert, type OutgoingMail } from '../mail/index.js';
import { claimRelease } from '../review-claims/index.js';
import { eventInsert } from '../webhooks/index.js';
import type { AnswerListRow } from './repository.js';

// ---------------------------------------------------------------------------
// Review forms (content answers)
// ---------------------------------------------------------------------------

const reviewer = alias(users, 'reviewer');

const contentAnswerColumns = {
  id: contentAnswers.id,
  answerId: contentAnswers.answerId,
  contentId: contentAnswers.contentId,
  contentTypeId: contents.contentTypeId,
  createdById: contentAnswers.createdById,
  reviewerFirstName: reviewer.firstName,
  reviewerLastName: reviewer.lastName,
  answers: contentAnswers.answers,
  score: contentAnswers.score,
  createdAt: contentAnswers.createdAt,
};

/** Review forms among `ids` with their reviewers. One statement. */
export async function contentAnswersByIds(
  db: Db | Tx,
  ids: readonly number[],
): Promise<ContentAnswerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(contentAnswerColumns)
    .from(contentAnswers)
    .innerJoin(contents, eq(contents.id, contentAnswers.contentId))
    .leftJoin(reviewer, eq(reviewer.id, contentAnswers.createdById))
    .where(inArray(contentAnswers.id, [...ids]));
}

/** A review form to store: the rating scale's or feedback form's content id, answers, score. */
export interface NewReviewForm {
  contentId: number;
  answers: { questionId: number; text: string }[];
  /** The ratings form's score; null for the feedback form. */
  score: number | null;
}

/** The answer's columns a completed review sets, as stored. */
export type ReviewedAnswerColumns = Pick<
  AnswerListRow,
  | 'statusId'
  | 'score'
  | 'reviewedAt'
  | 'updatedAt'
  | 'viewed'
  | 'ratingsAnswerId'
  | 'feedbackAnswerId'
> & { reviewVersion: number };

const reviewedColumns = {
  statusId: answers.statusId,
  score: answers.score,
  reviewedAt: answers.reviewedAt,
  updatedAt: answers.updatedAt,
  viewed: answers.viewed,
  ratingsAnswerId: answers.ratingsAnswerId,
  feedbackAnswerId: answers.feedbackAnswerId,
  reviewVersion: answers.reviewVersion,
};

/** The review a review statement completes, as the writes of other modules in it see it. */
export interface CompletedReview {
  answerId: number;
  reviewerId: number;
  /** SQL reading the new review's id inside the statement. */
  reviewId: SQL<number>;
  /** The review time. */
  now: Date;
}

/**
 * A write on a table another module owns, run in the review statement as a data-modifying `WITH`:
 * given the transaction and the completed review, the insert, update or delete (with `returning`)
 * to run. review-comments and review-history import this module, so it cannot import their writes:
 * the app passes them in (`reviewStatementWrites` in app.ts, through `ReviewDeps`).
 */
export type ReviewStatementWrite = (
  tx: Tx,
  review: CompletedReview,
) => TypedQueryBuilder<ColumnsSelection>;

/**
 * Stores the review forms `forms` that `createdById` sent for the answer `answerId` (every form is
 * kept) and, with `reviewed`, sets the answer Reviewed in the same statement: `reviewedAt` and
 * `updatedAt` now, `viewed`, `reviewed.score`, and as its latest ratings and feedback forms
 * (`reviewed.ratingsId`, `reviewed.feedbackId` are the forms' content ids) the ones just stored, or
 * `reviewed.partner`, a form stored earlier (the other half of a review sent one form per call),
 * and writes `reviewed.mail` to the outbox. With `reviewed` it also keeps the review in the
 * history (decisions.md#review-loop §4, §5): adds a `reviews` row (the caller, the two forms the answer now points
 * at, the score, version `review_version + 1`, the review time) and counts it in
 * `answers.review_version`; attaches the caller's draft comments on the answer to it; deletes the
 * caller's draft of the answer and the answer's claim. Answers the answer's columns as stored with
 * the new review's id, or undefined without `reviewed`. One statement (the inserts, the comments'
 * update and the deletes are CTEs of the update; each table another module owns is written by
 * that module's function: `reviewed.writes`, `claimRelease`, `auditInsert`, `outboxInsert`, and the
 * webhooks' `eventInsert`, which queues `review.completed`); call
 * it under `lockForReview`.
 */
export async function storeReview(
  tx: Tx,
  { answerId, createdById }: { answerId: number; createdById: number },
  forms: readonly NewReviewForm[],
  reviewed?: {
    ratingsId: number;
    feedbackId: number;
    score: number | null;
    partner?: { id: number; contentId: number } | undefined;
    /**
     * The writes of other modules on the tables they own, run by the same statement: attaching the
     * reviewer's draft comments (review-comments), discarding their draft (review-history).
     */
    writes: readonly ReviewStatementWrite[];
    /** The trainee's review-ready mail, written to the outbox by the same statement. */
    mail?: OutgoingMail | undefined;
    /**
     * Where the audit rows go, and the answer's status before this review: 'review.submitted'
     * (with the review's id, version and score) and, when the status changes, 'answer.status' are
     * written by the same statement.
     */
    audit: { organizationId: number; assignmentId: number; previousStatusId: number };
  },
): Promise<(ReviewedAnswerColumns & { reviewId: number }) | undefined> {
  const insert = tx
    .insert(contentAnswers)
    .values(forms.map((form) => ({ ...form, answerId, createdById })));
  if (!reviewed) {
    await insert;
    return undefined;
  }
  const stored = tx
    .$with('stored')
    .as(insert.returning({ id: contentAnswers.id, contentId: contentAnswers.contentId }));
  const latestOf = (contentId: number) =>
    reviewed.partner?.contentId === contentId
      ? reviewed.partner.id
      : sql<number>`(select ${stored.id} from ${stored} where ${stored.contentId} = ${contentId})`;
  const mailed = reviewed.mail
    ? [tx.$with('mailed').as(outboxInsert(tx, reviewed.mail).returning({ id: mailOutbox.id }))]
    : [];
  const now = new Date();
  // Every sub-statement sees the answer as it was: its review_version is the one before this review.
  const review = tx.$with('review').as(
    tx
      .insert(reviews)
      .values({
        answerId,
        reviewerId: createdById,
        ratingsAnswerId: latestOf(reviewed.ratingsId),
        feedbackAnswerId: latestOf(reviewed.feedbackId),
        score: reviewed.score,
        version: sql`(select ${answers.reviewVersion} + 1 from ${answers} where ${answers.id} = ${answerId})`,
        createdAt: now,
      })
      .returning({ id: reviews.id, version: reviews.version }),
  );
  const reviewIdSql = sql<number>`(select ${review.id} from ${review})`;
  const event = {
    organizationId: reviewed.audit.organizationId,
    assignmentId: reviewed.audit.assignmentId,
    answerId,
    actorId: createdById,
  };
  const audited = tx.$with('audited').as(
    auditInsert(tx, [
      {
        ...event,
        action: 'review.submitted',
        after: sql`jsonb_build_object('reviewId', ${reviewIdSql}, 'version', (select ${review.version} from ${review}), 'score', cast(${reviewed.score} as numeric))`,
      },
      ...(reviewed.audit.previousStatusId !== AnswerStatus.Reviewed
        ? [
            {
              ...event,
              action: 'answer.status' as const,
              before: { statusId: reviewed.audit.previousStatusId },
              after: { statusId: AnswerStatus.Reviewed },
            },
          ]
        : []),
    ]).returning({ id: auditEvents.id }),
  );
  const completion = { answerId, reviewerId: createdById, reviewId: reviewIdSql, now };
  const written = reviewed.writes.map((write, i) =>
    tx.$with(`written_${i}`).as(write(tx, completion)),
  );
  const released = tx.$with('released').as(claimRelease(tx, answerId));
  // The organization's webhooks hear the review (decisions.md#webhooks §2).
  const hooked = tx.$with('hooked').as(
    eventInsert(tx, {
      organizationId: reviewed.audit.organizationId,
      type: 'review.completed',
      data: {
        answerId,
        assignmentId: reviewed.audit.assignmentId,
        userId: sql`(select ${answers.userId} from ${answers} where ${answers.id} = ${answerId})`,
        reviewId: reviewIdSql,
        reviewerId: createdById,
        score: reviewed.score,
        reviewedAt: now.toISOString(),
      },
    }),
  );
  const [row] = await tx
    .with(stored, ...mailed, review, ...written, released, audited, hooked)
    .update(answers)
    .set({
      statusId: AnswerStatus.Reviewed,
      score: reviewed.score,
      reviewedAt: now,
      updatedAt: now,
      viewed: true,
      ratingsAnswerId: latestOf(reviewed.ratingsId),
      feedbackAnswerId: latestOf(reviewed.feedbackId),
      reviewVersion: sql`${answers.reviewVersion} + 1`,
    })
    .where(eq(answers.id, answerId))
    .returning({ ...reviewedColumns, reviewId: reviewIdSql.mapWith(Number) });
  return row;
}

/**
 * The latest form of `contentId` that `createdById` submitted for the answer `answerId` after the
 * form `afterId` (the review round's start; 0: ever), or undefined. Pairs the review calls sent one
 * form at a time (001 §3 'Review payload').
 */
export async function latestFormSince(
  tx: Tx,
  where: { answerId: number; contentId: number; createdById: number; afterId: number },
): Promise<{ id: number; score: number | null } | undefined> {
  const [row] = await tx
    .select({ id: contentAnswers.id, score: contentAnswers.score })
    .from(contentAnswers)
    .where(
      and(
        eq(contentAnswers.answerId, where.answerId),
        eq(contentAnswers.contentId, where.contentId),
        eq(contentAnswers.createdById, where.createdById),
        gt(contentAnswers.id, where.afterId),
      ),
    )
    .orderBy(desc(contentAnswers.id))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------------------
// The review call
// ---------------------------------------------------------------------------

/** A question of a rating scale or feedback form with its option ids (what a review is checked against). */
export interface FormQuestionRow {
  id: number;
  /** The form's content id. */
  contentId: number;
  questionTypeId: number;
  optionIds: number[];
}

/**
 * The questions of the forms `contentIds` in each form's order, with their option ids. One
 * statement.
 */
export async function formQuestionsOf(
  db: Db | Tx,
  contentIds: readonly number[],
): Promise<FormQuestionRow[]> {
  if (contentIds.length === 0) return [];
  const rows = await db
    .select({
      id: questions.id,
      contentId: questions.contentId,
      questionTypeId: questions.questionTypeId,
      optionId: questionOptions.id,
    })
    .from(questions)
    .leftJoin(questionOptions, eq(questionOptions.questionId, questions.id))
    .where(inArray(questions.contentId, [...contentIds]))
    .orderBy(
      asc(questions.contentId),
      asc(questions.position),
      asc(questions.id),
      asc(questionOptions.id),
    );
  const byId = new Map<number, FormQuestionRow>();
  for (const { optionId, ...question } of rows) {
    let found = byId.get(question.id);
    if (!found) byId.set(question.id, (found = { ...question, optionIds: [] }));
    if (optionId !== null) found.optionIds.push(optionId);
  }
  return [...byId.values()];
}

/** What a review reads of its answer, assignment and trainee under the row locks. */
export interface ReviewLockRow extends ReviewedAnswerColumns {
  assignmentStatusId: number;
  /**
   * Where the review-ready email goes: `mailable` while the trainee is active, not deleted and did
   * not turn 'review-ready' off (decisions.md#console-flows §16).
   */
  trainee: { email: string; firstName: string; mailable: boolean };
}

/**
 * Locks the answer's assignment row, then the answer's row (the order every writer takes them:
 * `FOR UPDATE OF` locks in its list's order) for the rest of the transaction, and answers the
 * assignment's status, the answer's review columns and the trainee's address (read, not locked);
 * undefined when the answer is gone. One statement.
 */
export async function lockForReview(tx: Tx, answerId: number): Promise<ReviewLockRow | undefined> {
  const [row] = await tx
    .select({
      assignmentStatusId: assignments.statusId,
      ...reviewedColumns,
      trainee: {
        email: users.email,
        firstName: users.firstName,
        mailable: sql<boolean>`(${users.active} and ${users.deletedAt} is null and not exists (
          select 1 from ${notificationOptOuts} o where o.user_id = ${users.id} and o.kind = 'review-ready'))`.mapWith(
          Boolean,
        ),
      },
    })
    .from(assignments)
    .innerJoin(answers, eq(answers.assignmentId, assignments.id))
    .innerJoin(users, eq(users.id, answers.userId))
    .where(eq(answers.id, answerId))
    .for('update', { of: [assignments, answers] });
  return row;
}

// ---------------------------------------------------------------------------
// Review history (decisions.md#review-loop §4, §5)
// ---------------------------------------------------------------------------

/** A row of the review history with its reviewer's names (null once erased). */
export interface ReviewRow {
  id: number;
  version: number;
  reviewerId: number | null;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
  ratingsAnswerId: number | null;
  feedbackAnswerId: number | null;
  score: number | null;
  createdAt: Date;
}

const historyReviewer = alias(users, 'history_reviewer');

/** The latest review of the answer `answerId` (the highest id), or undefined. One statement. */
export async function latestReviewOf(
  db: Db | Tx,
  answerId: number,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select({
      id: reviews.id,
      version: reviews.version,
      reviewerId: reviews.reviewerId,
      reviewerFirstName: historyReviewer.firstName,
      reviewerLastName: historyReviewer.lastName,
      ratingsAnswerId: reviews.ratingsAnswerId,
      feedbackAnswerId: reviews.feedbackAnswerId,
      score: reviews.score,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .leftJoin(historyReviewer, eq(historyReviewer.id, reviews.reviewerId))
    .where(eq(reviews.answerId, answerId))
    .orderBy(desc(reviews.id))
    .limit(1);
  return row;
}
