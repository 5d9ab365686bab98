/**
 * Review history, drafts and the audit log (decisions.md#review-loop §5, §6):
 *   GET /assignments/answers/{id}/reviews   every completed review of an answer, newest first
 *   GET|PUT|DELETE /assignments/answers/{id}/draft   the caller's review in progress on that answer
 *   GET /assignments/{id}/audit?action&page&pageSize   the assignment's audit log, newest first
 */
import { z } from 'zod';
import { messages } from '../messages';
import { answerContentAnswerSchema, answerReviewerSchema, answerTextMaxLength } from './answer';
import { pageQuery } from './common';

const id = z.number().int();

/** A time-coded comment kept with a review (`atMs`: milliseconds from the start of the video). */
export const reviewHistoryCommentSchema = z.object({
  id,
  questionId: id,
  atMs: z.number().int().nonnegative(),
  text: z.string(),
  /** The author's full name, or 'Deleted user'. */
  authorName: z.string(),
  createdAt: z.string(),
});
export type ReviewHistoryComment = z.infer<typeof reviewHistoryCommentSchema>;

/**
 * One completed review: `version` the answer's review version it made (1 for the first);
 * `reviewer` null once erased (`reviewerName` 'Deleted user'); `score` the mean of its ratings
 * (0..5); the two forms as the answer detail shows them (null when a form row is gone).
 */
export const reviewHistoryItemSchema = z.object({
  id,
  version: z.number().int().positive(),
  reviewer: answerReviewerSchema.nullable(),
  reviewerName: z.string(),
  createdAt: z.string(),
  score: z.number().nullable(),
  commentsCount: z.number().int().nonnegative(),
  ratingsAnswer: answerContentAnswerSchema.nullable(),
  feedbackAnswer: answerContentAnswerSchema.nullable(),
  comments: z.array(reviewHistoryCommentSchema),
});
export type ReviewHistoryItem = z.infer<typeof reviewHistoryItemSchema>;

/** GET /assignments/answers/{id}/reviews: newest first; `count` the number listed. */
export const reviewHistorySchema = z.object({
  list: z.array(reviewHistoryItemSchema),
  count: z.number().int().nonnegative(),
});
export type ReviewHistory = z.infer<typeof reviewHistorySchema>;

/** How many answers one form of a draft holds at most. */
export const reviewDraftMaxEntries = 100;

/** A question id as a key of a draft form: plain decimal digits, no leading zero. */
const questionIdKey = /^[1-9][0-9]{0,9}$/;

/** One form of a draft: the texts by question id (texts may be empty: a question not answered yet). */
const reviewDraftFormSchema = z
  .record(
    z.string(),
    z
      .string({ error: messages.reviewDraftTextInvalid })
      .max(answerTextMaxLength, { error: messages.reviewDraftTextInvalid }),
    { error: messages.reviewDraftInvalid },
  )
  .refine((form) => Object.keys(form).every((key) => questionIdKey.test(key)), {
    error: messages.reviewDraftQuestionInvalid,
  })
  .refine((form) => Object.keys(form).length <= reviewDraftMaxEntries, {
    error: messages.reviewDraftTooLarge,
  });

/** PUT /assignments/answers/{id}/draft body: both forms (an absent form is an empty one). */
export const reviewDraftBodySchema = z.object({
  ratings: reviewDraftFormSchema.default({}),
  feedback: reviewDraftFormSchema.default({}),
});
export type ReviewDraftBody = z.infer<typeof reviewDraftBodySchema>;

/** The caller's draft of a review: both forms and when it was last saved. */
export const reviewDraftSchema = z.object({
  ratings: z.record(z.string(), z.string()),
  feedback: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type ReviewDraft = z.infer<typeof reviewDraftSchema>;

/** What the audit log records (never renamed: stored rows keep theirs). */
export const auditActions = [
  'assignment.status',
  'answer.status',
  'review.submitted',
  'claim.takenOver',
] as const;
export type AuditActionName = (typeof auditActions)[number];

/** GET /assignments/{id}/audit query: an optional action filter and the page (default 25). */
export const auditQuerySchema = pageQuery().extend({
  action: z.enum(auditActions, { error: messages.auditActionInvalid }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const personSchema = z.object({ id, firstName: z.string(), lastName: z.string() });

/**
 * One audit event: who (`actor` null for the system or an erased user; `actorName` then
 * 'Deleted user'), what (`action`, with the values `before` and `after`), on which answer and
 * trainee (null for an assignment's own change), when.
 */
export const auditEventSchema = z.object({
  id,
  action: z.string(),
  actor: personSchema.nullable(),
  actorName: z.string(),
  answerId: id.nullable(),
  trainee: personSchema.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** GET /assignments/{id}/audit: one page, newest first; `count` all the events matching. */
export const auditListSchema = z.object({
  list: z.array(auditEventSchema),
  count: z.number().int().nonnegative(),
});
export type AuditList = z.infer<typeof auditListSchema>;
