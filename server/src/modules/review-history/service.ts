/**
 * Review history and drafts (decisions.md#review-loop §5 'History and audit', §6 'Drafts'). Rules decided here:
 * - History ('review:history' on the answer: staff of its organization, admins; 404 missing, of
 *   a soft-deleted trainee or another organization, 403 a trainee): every completed review,
 *   newest first, with its forms and the time-coded comments kept with it. Managers and admins
 *   see every review; an instructor only those it wrote ('review:read' with the reviewer as
 *   `createdById`). Three statements: the answer, the reviews, the comments.
 * - Drafts ('answer:review' on the answer, checked before a body is read): one per answer and
 *   reviewer, only ever the caller's own; PUT replaces both forms in one statement; DELETE
 *   discards. Submitting a review deletes the reviewer's draft (the answers module does).
 * - While another reviewer holds a live claim on the answer, the caller's screen is read only:
 *   PUT is refused with 409 format.answerClaimedBy and that claim as data (as the claim call
 *   answers), nothing stored; the caller takes the claim over first. Free, expired or the
 *   caller's own claim: saved. (The draft calls are the console's, not the spec's call tables; the
 *   review call itself never asks for a claim.)
 */
import {
  can,
  type Actor,
  type ReviewDraft,
  type ReviewDraftBody,
  type ReviewHistory,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { loadAuthorized } from '../../lib/load-authorized.js';
import {
  authorizeReview,
  findAnswer,
  refuseClaimedByAnother,
  type AnswerFullRow,
} from '../answers/index.js';
import { presentDraft, presentReview } from './presenter.js';
import {
  commentsOfReviews,
  deleteDraft,
  findDraft,
  reviewsOfAnswer,
  upsertDraft,
} from './repository.js';

/**
 * GET /assignments/answers/{id}/reviews: the answer's completed reviews the caller may read,
 * newest first (see the module note). `count` is the number listed.
 */
export async function reviewHistoryFor(db: Db, actor: Actor, id: number): Promise<ReviewHistory> {
  const row = await loadAuthorized(actor, 'review:history', findAnswer(db, id), (a) => ({
    organizationId: a.organizationId,
    userId: a.userId,
    deleted: a.userDeletedAt !== null,
  }));
  // Whoever may read a review written by someone else reads them all; others only their own.
  const all = can(actor, 'review:read', { organizationId: row.organizationId });
  const onlyBy = all ? undefined : actor.id;
  const [reviewRows, comments] = await Promise.all([
    reviewsOfAnswer(db, id, onlyBy),
    commentsOfReviews(db, id, onlyBy),
  ]);
  const list = reviewRows
    .filter(
      (r) =>
        all ||
        (r.reviewerId !== null &&
          can(actor, 'review:read', {
            organizationId: row.organizationId,
            createdById: r.reviewerId,
          })),
    )
    .map((r) => presentReview(r, comments));
  return { list, count: list.length };
}

/**
 * Authorizes the caller's draft calls on the answer `id` ('answer:review'): 404 missing or another
 * organization, 403 a trainee or anyone who may not review. Answers the answer.
 */
export function authorizeDraft(db: Db, actor: Actor, id: number): Promise<AnswerFullRow> {
  return authorizeReview(db, actor, id);
}

/** GET /assignments/answers/{id}/draft: the caller's draft of a review of the answer, or null. */
export async function draftFor(db: Db, actor: Actor, id: number): Promise<ReviewDraft | null> {
  await authorizeDraft(db, actor, id);
  const row = await findDraft(db, id, actor.id);
  return row ? presentDraft(row) : null;
}

/**
 * PUT /assignments/answers/{id}/draft: stores the caller's draft (both forms, replacing what was
 * there; texts by question id, at most 100 per form, each ≤ 5000 characters — the body schema
 * checks). `answer`: the answer id, or the row the preValidation hook authorized (with its live
 * claim). 409 format.answerClaimedBy with the claim as data while another reviewer holds the
 * answer (see the module note). Answers the draft.
 */
export async function saveDraft(
  db: Db,
  actor: Actor,
  answer: number | AnswerFullRow,
  body: ReviewDraftBody,
): Promise<ReviewDraft> {
  const row = typeof answer === 'number' ? await authorizeDraft(db, actor, answer) : answer;
  refuseClaimedByAnother(row, actor);
  return presentDraft(await upsertDraft(db, row.id, actor.id, body));
}

/** DELETE /assignments/answers/{id}/draft: discards the caller's draft (none is fine). */
export async function discardDraft(db: Db, actor: Actor, id: number): Promise<void> {
  await authorizeDraft(db, actor, id);
  await deleteDraft(db, id, actor.id);
}
