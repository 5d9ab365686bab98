/**
 * The review history's and drafts' answers (decisions.md#review-loop §5, §6): rows of the repository to the
 * contract's shapes. A reviewer or author erased since shows as 'Deleted user'.
 */
import {
  type AnswerContentAnswer,
  type ReviewDraft,
  type ReviewHistoryComment,
  type ReviewHistoryItem,
} from '@practica/contract';
import type { DraftRow, ReviewCommentRow, ReviewFormRow, ReviewRow } from './repository.js';
import { nameOf, personName } from '../../lib/person-name.js';

/** One form of a review in the answer detail's shape, its reviewer the review's. */
function presentForm(
  form: ReviewFormRow | null,
  reviewer: ReviewHistoryItem['reviewer'],
  reviewerName: string,
): AnswerContentAnswer | null {
  if (!form) return null;
  return {
    id: form.id,
    contentId: form.contentId,
    contentTypeId: form.contentTypeId,
    contentAnswer: {
      createdAt: form.createdAt.toISOString(),
      createdBy: reviewer,
      createdByName: reviewerName,
    },
    answers: form.answers,
    score: form.score,
  };
}

function presentComment(row: ReviewCommentRow): ReviewHistoryComment {
  return {
    id: row.id,
    questionId: row.questionId,
    atMs: row.atMs,
    text: row.text,
    authorName: personName(row.authorFirstName, row.authorLastName),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A completed review with its forms and the comments kept with it (`comments` of any reviews). */
export function presentReview(
  row: ReviewRow,
  comments: readonly ReviewCommentRow[],
): ReviewHistoryItem {
  const reviewer =
    row.reviewerId !== null && row.reviewerFirstName !== null
      ? {
          id: row.reviewerId,
          firstName: row.reviewerFirstName,
          lastName: row.reviewerLastName ?? '',
        }
      : null;
  const reviewerName = nameOf(reviewer);
  const own = comments.filter((c) => c.reviewId === row.id).map(presentComment);
  return {
    id: row.id,
    version: row.version,
    reviewer,
    reviewerName,
    createdAt: row.createdAt.toISOString(),
    score: row.score,
    commentsCount: own.length,
    ratingsAnswer: presentForm(row.ratings, reviewer, reviewerName),
    feedbackAnswer: presentForm(row.feedback, reviewer, reviewerName),
    comments: own,
  };
}

/** A stored draft. */
export function presentDraft(row: DraftRow): ReviewDraft {
  return { ratings: row.ratings, feedback: row.feedback, updatedAt: row.updatedAt.toISOString() };
}
