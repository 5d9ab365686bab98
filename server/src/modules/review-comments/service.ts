/**
 * Time-coded comments (decisions.md#review-loop §3). Rules decided here:
 * - Who: the staff who may review the answer ('answer:review' through the answers module's
 *   `authorizeReview`: 404 missing, of a soft-deleted trainee or of another organization; 403 a
 *   trainee), before the body is read.
 * - The player's list: the comments of the answer's latest review (the `reviews` row with the
 *   highest id) and the caller's own drafts; another reviewer's drafts stay theirs.
 * - A new draft needs the answer reviewable now, with the review call's 400s (Submitted, or
 *   Reviewed while the assignment is not Closed), and a question of the answer's interview (400
 *   messages.questionNotInInterview).
 * - Only the author changes or deletes a draft: another's comment is a 403, a comment attached to a
 *   submitted review a 409 (messages.reviewCommentSubmitted). The change is one conditional
 *   statement (still the caller's draft), so a review submitted meanwhile cannot lose it.
 * - The trainee sees the latest review's comments only, through `myReviewComments` (me module).
 */
import {
  messages,
  type Actor,
  type MeReviewComment,
  type ReviewComment,
  type ReviewCommentCreate,
  type ReviewCommentList,
  type ReviewCommentUpdate,
  reviewRefusal,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { authorizeReview, questionsOfContent, type AnswerFullRow } from '../answers/index.js';
import { presentComment, presentMyComment } from './presenter.js';
import {
  deleteDraft,
  findComment,
  insertDraft,
  latestReviewComments,
  playerComments,
  updateDraft,
} from './repository.js';

/**
 * Loads the answer `id` for a comment call before its body is read: as the review call does
 * (404 missing or another organization, 403 not a reviewer). One statement.
 */
export function authorizeComments(db: Db, actor: Actor, id: number): Promise<AnswerFullRow> {
  return authorizeReview(db, actor, id);
}

/** The loaded answer, or loads it (`answer` is an id). */
function answerRow(db: Db, actor: Actor, answer: number | AnswerFullRow): Promise<AnswerFullRow> {
  return typeof answer === 'number'
    ? authorizeComments(db, actor, answer)
    : Promise.resolve(answer);
}

/**
 * Throws the review call's 400 when the answer cannot take a review now: 'This assignment is
 * closed.' for a Reviewed answer of a Closed assignment, else 'Only submitted answers can be
 * reviewed.' unless Submitted or Reviewed.
 */
function assertReviewable(row: AnswerFullRow): void {
  const refusal = reviewRefusal(row.statusId, row.assignmentStatusId);
  if (refusal !== null) throw new ValidationError(refusal);
}

/**
 * GET /assignments/answers/{id}/comments: the latest review's comments and the caller's drafts,
 * by question, time and id. Two statements with the session's.
 */
export async function listComments(
  db: Db,
  actor: Actor,
  answer: number | AnswerFullRow,
): Promise<ReviewCommentList> {
  const row = await answerRow(db, actor, answer);
  const rows = await playerComments(db, row.id, actor.id);
  return { list: rows.map((r) => presentComment(r, actor.id)) };
}

/**
 * POST /assignments/answers/{id}/comments {questionId, atMs, text}: a new draft of the caller.
 * 400 when the answer is not reviewable now (the review call's messages) or the question is not
 * the interview's ('This question is not part of the interview.'). Answers the draft. Four
 * statements with the session's.
 */
export async function createComment(
  db: Db,
  actor: Actor,
  answer: number | AnswerFullRow,
  body: ReviewCommentCreate,
): Promise<ReviewComment> {
  const row = await answerRow(db, actor, answer);
  assertReviewable(row);
  const questions = row.interviewId !== null ? await questionsOfContent(db, row.interviewId) : [];
  if (!questions.some((q) => q.id === body.questionId))
    throw new ValidationError(messages.questionNotInInterview, [
      { path: 'questionId', message: messages.questionNotInInterview },
    ]);
  const id = await insertDraft(db, { answerId: row.id, ...body, createdById: actor.id });
  const created = await findComment(db, row.id, id);
  if (!created) throw new NotFoundError();
  return presentComment(created, actor.id);
}

/**
 * Why `commentId` is not the caller's draft on the answer: 404 missing (or of another answer), 403
 * another's, 409 submitted. One statement.
 */
async function refuseChange(
  db: Db,
  actor: Actor,
  answerId: number,
  commentId: number,
): Promise<never> {
  const comment = await findComment(db, answerId, commentId);
  if (!comment) throw new NotFoundError();
  if (comment.createdById !== actor.id) throw new ForbiddenError(messages.reviewCommentNotYours);
  throw new ConflictError(messages.reviewCommentSubmitted);
}

/**
 * PATCH /assignments/answers/{id}/comments/{commentId} {text?, atMs?}: changes the caller's draft
 * (see `refuseChange` for the refusals). Answers the draft. Three statements with the session's.
 */
export async function updateComment(
  db: Db,
  actor: Actor,
  answer: number | AnswerFullRow,
  commentId: number,
  body: ReviewCommentUpdate,
): Promise<ReviewComment> {
  const row = await answerRow(db, actor, answer);
  if (!(await updateDraft(db, row.id, commentId, actor.id, body)))
    return refuseChange(db, actor, row.id, commentId);
  const updated = await findComment(db, row.id, commentId);
  if (!updated) throw new NotFoundError();
  return presentComment(updated, actor.id);
}

/**
 * DELETE /assignments/answers/{id}/comments/{commentId}: deletes the caller's draft (see
 * `refuseChange`). Answers its id. Two statements with the session's.
 */
export async function deleteComment(
  db: Db,
  actor: Actor,
  answer: number | AnswerFullRow,
  commentId: number,
): Promise<{ id: number }> {
  const row = await answerRow(db, actor, answer);
  if (!(await deleteDraft(db, row.id, commentId, actor.id)))
    return refuseChange(db, actor, row.id, commentId);
  return { id: commentId };
}

/**
 * The comments of the answer's latest review as the trainee's practice app shows them (never
 * drafts, never earlier reviews'), by question and time. No access check: the caller (the me
 * module) has loaded the trainee's own Reviewed answer. One statement.
 */
export async function myReviewComments(db: Db, answerId: number): Promise<MeReviewComment[]> {
  return (await latestReviewComments(db, answerId)).map(presentMyComment);
}
