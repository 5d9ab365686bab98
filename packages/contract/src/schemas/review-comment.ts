/**
 * Time-coded comments of a review (decisions.md#review-loop §3): a reviewer pins a text to a moment (`atMs`,
 * milliseconds from the start) of the video answering an interview question. A comment is its
 * author's draft until the author submits a review of the answer, which attaches the drafts to
 * that review; from then it is fixed and shown with the review (console history, the trainee's
 * practice app). Every export is prefixed `reviewComment…`.
 *
 *     GET    /assignments/answers/{id}/comments              → the player's comments (list below)
 *     POST   /assignments/answers/{id}/comments              {questionId, atMs, text} → a new draft
 *     PATCH  /assignments/answers/{id}/comments/{commentId}  {text?, atMs?} → the draft
 *     DELETE /assignments/answers/{id}/comments/{commentId}  → the deleted draft's id
 *
 * Who: the staff who may review the answer ('answer:review': 404 another organization, 403 a
 * trainee), checked before the body. Writing a new draft also needs the answer reviewable now (the
 * review call's 400s). Only the author changes a draft (403 for another's), never a submitted
 * comment (409 messages.reviewCommentSubmitted).
 */
import { z } from 'zod';
import { messages } from '../messages';
import { answerDurationMaxSeconds } from './answer';
import { idSchema, isoDateTimeSchema, optionalText, wholeNumber } from './common';

/** Longest comment text, after trimming (not a spec limit). */
export const reviewCommentTextMaxLength = 2000;
/** Latest moment a comment may be pinned to: the longest answer video, in milliseconds. */
export const reviewCommentAtMsMax = answerDurationMaxSeconds * 1000;

/** Path of one comment: the answer id and the comment id. */
export const reviewCommentParamsSchema = z.object({ id: idSchema, commentId: idSchema });

/** `atMs`: whole milliseconds from 0 to {@link reviewCommentAtMsMax}. */
export const reviewCommentAtMsSchema = wholeNumber(messages.reviewCommentTimeInvalid, {
  max: reviewCommentAtMsMax,
});

/** `text`: trimmed, 1..2000 characters, line breaks and tabs kept (as review answers). */
export const reviewCommentTextSchema = optionalText(messages.reviewCommentTextRequired, {
  max: reviewCommentTextMaxLength,
  multiline: true,
}).min(1, { error: messages.reviewCommentTextRequired, abort: true });

/** POST body: the question of the answer's interview, the moment and the text. */
export const reviewCommentCreateSchema = z.object({
  questionId: idSchema,
  atMs: reviewCommentAtMsSchema,
  text: reviewCommentTextSchema,
});
export type ReviewCommentCreate = z.infer<typeof reviewCommentCreateSchema>;
export type ReviewCommentCreateInput = z.input<typeof reviewCommentCreateSchema>;

/** PATCH body: a new text and/or moment; an empty body changes nothing. */
export const reviewCommentUpdateSchema = z.object({
  atMs: reviewCommentAtMsSchema.optional(),
  text: reviewCommentTextSchema.optional(),
});
export type ReviewCommentUpdate = z.infer<typeof reviewCommentUpdateSchema>;
export type ReviewCommentUpdateInput = z.input<typeof reviewCommentUpdateSchema>;

/**
 * A comment as the console's player shows it. `author` null (and `authorName` 'Deleted user')
 * once the author was erased; `reviewId` the review it belongs to, null while a draft (`draft`);
 * `mine`: the caller wrote it (with `draft`, the caller may edit or delete it). Times ISO.
 */
export const reviewCommentSchema = z.object({
  id: idSchema,
  questionId: idSchema,
  atMs: z.number().int().min(0),
  text: z.string(),
  author: z.object({ id: idSchema, firstName: z.string(), lastName: z.string() }).nullable(),
  authorName: z.string(),
  reviewId: z.number().int().positive().nullable(),
  draft: z.boolean(),
  mine: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

/**
 * GET …/comments: the answer's latest review's comments (of the review with the highest id) and
 * the caller's own drafts, by question id, then time, then id.
 */
export const reviewCommentListSchema = z.object({ list: z.array(reviewCommentSchema) });
export type ReviewCommentList = z.infer<typeof reviewCommentListSchema>;

/** DELETE …/comments/{commentId}: the id of the deleted draft. */
export const reviewCommentDeletedSchema = z.object({ id: idSchema });
