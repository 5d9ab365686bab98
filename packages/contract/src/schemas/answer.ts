/**
 * Answers and reviews (001 §2 'Review screen', §3 'Answer', 'Answer item', 'Review payload', §4
 * answer statuses, §5 'Review submit', §7 `/assignments/answers…` and the review call, §9 'Report
 * export'); the trainees' mobile API is in `me.ts`. Every export is prefixed `answer…` or
 * `review…` so it never collides with other schemas.
 *
 * The review payload, in two shapes:
 *
 *     POST /assignments/interviews/answers/review/{answerId}?userId={traineeId}
 *     both forms in one call (the console):
 *     { traineeId?, questionnaireID?, score?,
 *       answers: { ratings: [{questionId, text}], feedback: [{questionId, text}] } }
 *     one form per call (001 §3 'Review payload'; `questionnaireID` names the form):
 *     { traineeId?, questionnaireID, score?, answers: [{questionId, text}] }
 *
 * Staff also send an item whose video processing failed back to processing (decisions.md#media §2), with the
 * review call's authorization (404 another organization's answer, 403 not a reviewer), no body:
 *
 *     POST /answers/{answerId}/items/{itemId}/media/retry  → the item (`answerItemSchema`)
 *     409 messages.mediaNotFailed unless the item's media is 'failed'
 *
 * Sent one form at a time, the answer becomes Reviewed when the same reviewer has sent both forms
 * within the current review round (the forms sent since the answer last became Reviewed).
 * `text` is '1'..'5' for a rating question, an option id for single choice, comma-joined option
 * ids for multiple choice (and ranking), free text for open questions. The server recomputes the
 * score (the client's `score` is ignored) with `meanRatingScore`.
 */
import { z } from 'zod';
import { contentDescriptionMaxLength, ratingScaleMax } from '../constants';
import { AnswerStatus, AssignmentStatus } from '../enums';
import { messages } from '../messages';
import {
  assignmentAnswerSchema,
  assignmentAnswerStatusIdSchema,
  assignmentAssetSchema,
  assignmentDataSchema,
  assignmentStatusIdSchema,
} from './assignment';
import {
  answersPageQuerySchema,
  idSchema,
  imageRefSchema,
  optionalText,
  queryNamesListSchema,
  wholeNumberList,
} from './common';
import { reviewClaimSchema } from './review-claim';

// ---------------------------------------------------------------------------
// Server rule messages the spec leaves unworded (see messages.ts 'Not in the spec').
// ---------------------------------------------------------------------------

/** Longest recording accepted as an answer item's `duration`, in seconds (not a spec limit). */
export const answerDurationMaxSeconds = 3600;
/**
 * Answer time per take, in seconds (3 minutes; not a spec limit): the practice app's recorder stops
 * by itself there, and the server's media job refuses a video much longer than that.
 */
export const answerTimeLimitSeconds = 180;
/** Longest review answer text or answer item text (not a spec limit). */
export const answerTextMaxLength = contentDescriptionMaxLength;

// ---------------------------------------------------------------------------
// Score (001 §5 'Review submit', §9)
// ---------------------------------------------------------------------------

/**
 * 001 §5: the ratings score is the mean of the numeric answers; non-numeric answers are left out.
 * Takes the answer texts of the rating questions; answers the mean (0..5, unrounded) or null when
 * none is numeric. The server rounds it to 2 decimals when storing; the console shows 1 decimal.
 */
export function meanRatingScore(
  texts: readonly (string | number | null | undefined)[],
): number | null {
  const values = texts
    .map((t) =>
      typeof t === 'number' ? t : typeof t === 'string' && t.trim() !== '' ? Number(t) : NaN,
    )
    .filter((n) => Number.isFinite(n));
  if (values.length === 0) return null;
  return values.reduce((sum, n) => sum + n, 0) / values.length;
}

/**
 * Why an answer cannot take a review now (001 §4, §5; decisions.md#assignments-and-answers), or
 * null when it can: a Submitted answer always (closing does not strand submitted work), a Reviewed
 * one while its assignment is not Closed. Answers the review call's 400 message otherwise:
 * `messages.assignmentClosed` for a Reviewed answer of a Closed assignment, else
 * `messages.notReviewable`. The review call, claims, comments and drafts all apply it.
 */
export function reviewRefusal(statusId: number, assignmentStatusId: number): string | null {
  if (statusId === AnswerStatus.Submitted) return null;
  if (statusId !== AnswerStatus.Reviewed) return messages.notReviewable;
  return assignmentStatusId === AssignmentStatus.Closed ? messages.assignmentClosed : null;
}

/** Whether `text` is a whole rating 1..5 (001 §9: whole values when answering). */
export function isRatingValue(text: string): boolean {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= ratingScaleMax;
}

// ---------------------------------------------------------------------------
// Queries and bodies (staff)
// ---------------------------------------------------------------------------

/**
 * The words `includes` accepts on the answers calls (001 §7). `answers` adds each row's `data`
 * (interview answer items, latest ratings and feedback answers) to GET /assignments/answers — what
 * the report export needs; the other words are accepted and change nothing (always included).
 */
export const answerIncludeValues = [
  'answers',
  'assignments',
  'contents',
  'assets',
  'users',
] as const;

/** `includes`: `answerIncludeValues`, comma-joined or repeated (an unknown word is a 400). */
export const answerIncludesSchema = queryNamesListSchema
  .pipe(z.array(z.literal(answerIncludeValues, { error: messages.validationFailed })))
  .optional();

/**
 * GET /assignments/answers query (001 §7): assignmentId, userId, organizationId (admins; others get
 * their own organization, 404 for another), status (answer status ids, one or a comma list:
 * 1 Pending, 2 Submitted, 3 Reviewed), includes, page and pageSize (default 100, 001 §9).
 */
export const answerListQuerySchema = answersPageQuerySchema.extend({
  assignmentId: idSchema.optional(),
  userId: idSchema.optional(),
  organizationId: idSchema.optional(),
  status: wholeNumberList(assignmentAnswerStatusIdSchema),
  includes: answerIncludesSchema,
});
export type AnswerListQuery = z.infer<typeof answerListQuerySchema>;

/** GET /assignments/answers/{id} query: `includes` is accepted; everything is always included. */
export const answerDetailQuerySchema = z.object({ includes: answerIncludesSchema });

/**
 * One answer of a review form: the question and its text ('All questions must be answered.' when
 * the text is missing, null or blank). Numbers are accepted and sent on as text. A multi-line text:
 * line breaks and tabs are kept, other control characters and bidirectional overrides are a 400.
 */
export const reviewAnswerSchema = z.object({
  questionId: z
    .number({ error: messages.idInvalid })
    .int({ error: messages.idInvalid })
    .positive({ error: messages.idInvalid }),
  text: z
    .union([z.string(), z.number()], { error: messages.allQuestionsMustBeAnswered })
    .transform((v) => String(v).trim())
    .pipe(
      optionalText(messages.allQuestionsMustBeAnswered, {
        max: answerTextMaxLength,
        multiline: true,
      }).min(1, { error: messages.allQuestionsMustBeAnswered }),
    ),
});
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

const reviewAnswerListSchema = z
  .array(reviewAnswerSchema, { error: messages.allQuestionsMustBeAnswered })
  .max(100)
  .default([]);

/**
 * POST /assignments/interviews/answers/review/{id} body (001 §3 'Review payload', §5), either
 * - both forms in one call: `answers: {ratings, feedback}` — `answers.ratings` answers the
 *   assignment's rating scale, `answers.feedback` its feedback form, every question of each; or
 * - one form per call (the spec's shape): `answers: [{questionId, text}]`, every question of the
 *   form `questionnaireID` names (then required: 400 'Name the form…' without it).
 * `traineeId` (optional) must be the answer's trainee; `questionnaireID` must be the assignment's
 * rating scale or feedback form; `score` is accepted and ignored (the server computes it).
 */
export const reviewBodySchema = z.object({
  traineeId: idSchema.optional(),
  questionnaireID: idSchema.optional(),
  answers: z
    .union(
      [
        z.array(reviewAnswerSchema).max(100),
        z.object({ ratings: reviewAnswerListSchema, feedback: reviewAnswerListSchema }),
      ],
      { error: messages.allQuestionsMustBeAnswered },
    )
    .default({ ratings: [], feedback: [] }),
  score: z.number().min(0).max(ratingScaleMax).nullable().optional(),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;
export type ReviewBodyInput = z.input<typeof reviewBodySchema>;

/** The review call's query: `userId`, the answer's trainee (optional; another user is a 400). */
export const reviewQuerySchema = z.object({ userId: idSchema.optional() });

// ---------------------------------------------------------------------------
// Responses (staff)
// ---------------------------------------------------------------------------

const id = z.number().int().positive();
const count = z.number().int().nonnegative();

/**
 * How an answer item's video plays (decisions.md#media):
 * - `original`: no processing (none needed, made before it existed, or no ffmpeg): `file` plays;
 * - `processing`: the MP4 and poster are being made; `file` (the original) plays meanwhile;
 * - `ready`: `playback` is an H.264/AAC MP4 that plays in every browser, `poster` its still;
 * - `failed`: processing gave up (`file` plays where the browser can); staff may retry;
 *   `failure` says why in a sentence for the reviewer when the server knows (not readable as its
 *   type, longer than the time limit, took too long), else null;
 * - `deleted`: VIDEO_RETENTION_DAYS removed the video `deletedAfterDays` days after review.
 */
export const answerItemMediaSchema = z.object({
  status: z.enum(['original', 'processing', 'ready', 'failed', 'deleted']),
  playback: imageRefSchema.nullable(),
  poster: imageRefSchema.nullable(),
  deletedAfterDays: z.number().int().positive().nullable(),
  /** Beyond the spec (additive): why processing failed for good, null otherwise or unknown. */
  failure: z.string().nullable().optional(),
});
export type AnswerItemMedia = z.infer<typeof answerItemMediaSchema>;

/** POST /answers/{answerId}/items/{itemId}/media/retry path: the answer and one of its items. */
export const answerItemParamsSchema = z.object({ answerId: idSchema, itemId: idSchema });

/** 001 §3 'Answer item': one recorded answer to an interview question; `duration` in seconds. */
export const answerItemSchema = z.object({
  id,
  questionId: id,
  text: z.string().nullable(),
  duration: z.number().nonnegative(),
  fileId: z.number().int().nullable(),
  /** The video, served with Range support; null when the file is gone. */
  file: imageRefSchema.nullable(),
  /** The video's processing for playback (beyond the spec: its fields above stay as they are). */
  media: answerItemMediaSchema,
});
export type AnswerItem = z.infer<typeof answerItemSchema>;

/** A reviewer as a review shows it; null once the reviewer was erased ('Deleted user'). */
export const answerReviewerSchema = z.object({ id, firstName: z.string(), lastName: z.string() });

/**
 * 001 §3 'ratingsAnswer' / 'feedbackAnswer': one submitted form. `contentAnswer.createdByName` is the
 * reviewer's full name, or 'Deleted user' when `createdBy` is null. `score` only on ratings.
 */
export const answerContentAnswerSchema = z.object({
  id,
  /** The rating scale's or feedback form's content id. */
  contentId: id,
  contentTypeId: z.number().int(),
  contentAnswer: z.object({
    createdAt: z.string(),
    createdBy: answerReviewerSchema.nullable(),
    createdByName: z.string(),
  }),
  answers: z.array(z.object({ questionId: id, text: z.string() })),
  score: z.number().nullable(),
});
export type AnswerContentAnswer = z.infer<typeof answerContentAnswerSchema>;

/** 001 §3 'Answer data': the interview answer items, the latest ratings and feedback answers. */
export const answerDataSchema = z.object({
  interviewAnswer: z.object({ answers: z.array(answerItemSchema) }),
  ratingsAnswer: answerContentAnswerSchema.nullable(),
  feedbackAnswer: answerContentAnswerSchema.nullable(),
  practiceCounter: count,
});
export type AnswerData = z.infer<typeof answerDataSchema>;

/**
 * A row of GET /assignments/answers (001 §3 'Answer'): the answer with its trainee and assignment;
 * `score` only when Reviewed; `data` only with `includes=answers`.
 */
export const answerListItemSchema = assignmentAnswerSchema.extend({
  assignment: z.object({ id, name: z.string() }),
  data: answerDataSchema.optional(),
});
export type AnswerListItem = z.infer<typeof answerListItemSchema>;

/** GET /assignments/answers data. */
export const answerListSchema = z.object({ list: z.array(answerListItemSchema), count });
export type AnswerList = z.infer<typeof answerListSchema>;

/** The assignment of an answer detail: the spec's assignment with its contents and assets. */
export const answerAssignmentSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  statusId: assignmentStatusIdSchema,
  closeDate: z.string().nullable(),
  organizationId: id,
  data: assignmentDataSchema,
});

/**
 * One interview question of the review screen's player, in order: Q{number}, the text and the role
 * (name and chosen avatar). Its recorded item is the one of `data.interviewAnswer.answers` with
 * this question's id (none when not answered).
 */
export const answerQuestionSchema = z.object({
  id,
  number: z.number().int().positive(),
  text: z.string(),
  description: z.string(),
  interviewRoleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  avatar: assignmentAssetSchema.nullable(),
});
export type AnswerQuestion = z.infer<typeof answerQuestionSchema>;

/**
 * GET /assignments/answers/{id} (001 §2 'Review screen', §3), also the review call's answer: the
 * answer, its assignment with the interview, rating scale, feedback form, roles, avatars and
 * environment; `data` (the items with their videos, the latest ratings and feedback answers), each
 * once; `questions` in order for the player; `canReview`, whether the caller may submit a review
 * now. Every submitted form is kept in the database (decisions.md), the detail shows the latest pair.
 */
export const answerDetailSchema = answerListItemSchema.extend({
  assignment: answerAssignmentSchema,
  data: answerDataSchema,
  questions: z.array(answerQuestionSchema),
  canReview: z.boolean(),
  /**
   * How many reviews the answer has had (decisions.md#review-loop §4; 0 before the first): the detail's `ETag`
   * (`"3"`), sent back as the review call's `If-Match`.
   */
  reviewVersion: count,
  /** Who is reviewing the answer now (a live claim), or null. */
  claim: reviewClaimSchema.nullable(),
});
export type AnswerDetail = z.infer<typeof answerDetailSchema>;

/**
 * The latest review of an answer, as the review call's 409 carries it in the envelope's `data`
 * when its `If-Match` names an older version (decisions.md#review-loop §4): who reviewed it (null once erased,
 * `reviewerName` then 'Deleted user'), when, the score, the ratings and feedback answers and the
 * version it made; the console shows it beside the reviewer's own.
 */
export const answerReviewConflictSchema = z.object({
  /** Null when the answer has no review yet (an If-Match naming a version it never had). */
  latestReview: z
    .object({
      version: count,
      reviewer: answerReviewerSchema.nullable(),
      reviewerName: z.string(),
      reviewedAt: z.string(),
      score: z.number().nullable(),
      ratingsAnswer: answerContentAnswerSchema.nullable(),
      feedbackAnswer: answerContentAnswerSchema.nullable(),
    })
    .nullable(),
});
export type AnswerReviewConflict = z.infer<typeof answerReviewConflictSchema>;
