/**
 * Comment rows to the wire (decisions.md#review-loop §3): the console's `ReviewComment` (author, draft, mine) and
 * the trainee's `MeReviewComment` (the moment and the text only).
 */
import type { MeReviewComment, ReviewComment } from '@practica/contract';
import type { CommentRow } from './repository.js';
import { nameOf } from '../../lib/person-name.js';

/** A comment as the console's player shows it to `viewerId`. */
export function presentComment(row: CommentRow, viewerId: number): ReviewComment {
  const author =
    row.createdById !== null
      ? {
          id: row.createdById,
          firstName: row.authorFirstName ?? '',
          lastName: row.authorLastName ?? '',
        }
      : null;
  return {
    id: row.id,
    questionId: row.questionId,
    atMs: row.atMs,
    text: row.text,
    author,
    authorName: nameOf(author),
    reviewId: row.reviewId,
    draft: row.reviewId === null,
    mine: row.createdById === viewerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A comment of my review as the practice app shows it. */
export function presentMyComment(row: CommentRow): MeReviewComment {
  return { id: row.id, questionId: row.questionId, atMs: row.atMs, text: row.text };
}
