/**
 * The trainees' mobile API under `/me/…` (decisions.md#assignments-and-answers): my assignments,
 * one assignment for practice with my answer and, once it is Reviewed, my review; the bodies of
 * the practice calls. Every export is prefixed `me…` so it never collides with other schemas.
 */
import { z } from 'zod';
import { maxQuestionsPerInterview, ratingScaleMax } from '../constants';
import { messages } from '../messages';
import { answerDurationMaxSeconds, answerItemSchema, answerTextMaxLength } from './answer';
import {
  assignmentAnswerStatusIdSchema,
  assignmentAssetSchema,
  assignmentStatusIdSchema,
} from './assignment';
import { pageQuerySchema } from './common';

const id = z.number().int().positive();
const count = z.number().int().nonnegative();

/** GET /me/assignments query: paging (default 25). */
export const meAssignmentListQuerySchema = pageQuerySchema;

/** My answer on an assignment; `score` only when Reviewed. */
export const meAnswerSummarySchema = z.object({
  id,
  statusId: assignmentAnswerStatusIdSchema,
  practiceCounter: count,
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  score: z.number().nullable(),
});

/** My answer with its items (answers of POST practice, PUT answers, POST submit). */
export const meAnswerSchema = meAnswerSummarySchema.extend({
  assignmentId: id,
  updatedAt: z.string(),
  items: z.array(answerItemSchema),
});
export type MeAnswer = z.infer<typeof meAnswerSchema>;

/**
 * A row of GET /me/assignments: an Active assignment I am a trainee on with my answer — while my
 * answer is Pending only until its due date; once I submitted (Submitted, Reviewed) also after it,
 * so a review that comes after the due date stays on my home. `canAnswer`: my answer is Pending
 * (I may practise, record and submit). My review is on the assignment's detail.
 */
export const meAssignmentListItemSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  startDate: z.string().nullable(),
  closeDate: z.string().nullable(),
  questionsCount: count,
  answeredCount: count,
  answer: meAnswerSummarySchema,
  canAnswer: z.boolean(),
});
export type MeAssignmentListItem = z.infer<typeof meAssignmentListItemSchema>;

/** GET /me/assignments data. */
export const meAssignmentListSchema = z.object({
  list: z.array(meAssignmentListItemSchema),
  count,
});

/** An audio prompt of a question: the mp3 and the avatar speaking it. */
export const meAudioPromptSchema = z.object({
  id,
  url: z.string(),
  avatarId: z.number().int().nullable(),
});

/**
 * One question to practise, in order: its role, the avatar chosen for that role (with its image
 * URL), `audio` (the prompt spoken by that avatar, else the first) and every prompt.
 */
export const meQuestionSchema = z.object({
  id,
  number: z.number().int().positive(),
  text: z.string(),
  description: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  avatar: assignmentAssetSchema.nullable(),
  audio: meAudioPromptSchema.nullable(),
  audios: z.array(meAudioPromptSchema),
});
export type MeQuestion = z.infer<typeof meQuestionSchema>;

/** A rating of my review: a question of the rating scale, in its order, and its stars (1–5). */
export const meReviewRatingSchema = z.object({
  questionId: id,
  /** The rating question. */
  text: z.string(),
  stars: z.number().int().min(1).max(ratingScaleMax),
});
export type MeReviewRating = z.infer<typeof meReviewRatingSchema>;

/**
 * A feedback answer of my review: a question of the feedback form, in its order, and the answer —
 * the free text of an open question, the chosen option's text of a single choice, the chosen
 * options' texts joined with ', ' (in the order chosen) of a multiple choice.
 */
export const meReviewFeedbackSchema = z.object({
  questionId: id,
  /** The feedback question. */
  text: z.string(),
  answer: z.string(),
});
export type MeReviewFeedback = z.infer<typeof meReviewFeedbackSchema>;

/**
 * A time-coded comment of my review (decisions.md#review-loop §3): the reviewer's text pinned to `atMs`
 * (milliseconds) of my video answering `questionId`.
 */
export const meReviewCommentSchema = z.object({
  id,
  questionId: id,
  atMs: z.number().int().min(0),
  text: z.string(),
});
export type MeReviewComment = z.infer<typeof meReviewCommentSchema>;

/**
 * My answer's review (001 §2 'Review screen' as the trainee reads it): the latest review only, of
 * my own answer. `score` is the mean of the ratings rounded to a whole star, as the console shows
 * it ('4/5'; the exact mean is `answer.score`), null when no rating is numeric; `reviewedAt` ISO;
 * `reviewer` null once the reviewer was erased. Ratings and feedback in their forms' question order.
 * `comments`: the time-coded comments of that review (never drafts nor earlier reviews'), by
 * question id, then time.
 */
export const meReviewSchema = z.object({
  score: z.number().int().min(0).max(ratingScaleMax).nullable(),
  reviewedAt: z.string(),
  reviewer: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  ratings: z.array(meReviewRatingSchema),
  feedback: z.array(meReviewFeedbackSchema),
  comments: z.array(meReviewCommentSchema),
});
export type MeReview = z.infer<typeof meReviewSchema>;

/**
 * GET /me/assignments/{id}: an assignment I am on — Active, or Closed once my answer is Reviewed
 * (so the review stays readable) — for practice: the interview's questions in order, its roles
 * with avatars, the environment (with image URL) and my answer with its items. `canAnswer`: my
 * answer is Pending, the assignment Active and the due date has not passed. `review`: my review
 * when my answer is Reviewed, else null.
 */
export const meAssignmentDetailSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  statusId: assignmentStatusIdSchema,
  startDate: z.string().nullable(),
  closeDate: z.string().nullable(),
  interview: z.object({ id, name: z.string(), description: z.string() }).nullable(),
  roles: z.array(z.object({ id, name: z.string(), avatar: assignmentAssetSchema.nullable() })),
  environment: assignmentAssetSchema.nullable(),
  questions: z.array(meQuestionSchema),
  answer: meAnswerSchema,
  canAnswer: z.boolean(),
  review: meReviewSchema.nullable(),
});
export type MeAssignmentDetail = z.infer<typeof meAssignmentDetailSchema>;

/**
 * One item of PUT /me/assignments/{id}/answers: the question, the uploaded video (a Ready Video file
 * I uploaded) and the recording's duration in seconds; `text` optional (e.g. a transcript).
 */
export const meAnswerItemInputSchema = z.object({
  questionId: z
    .number({ error: messages.idInvalid })
    .int({ error: messages.idInvalid })
    .positive({ error: messages.idInvalid }),
  fileId: z
    .number({ error: messages.videoRequired })
    .int({ error: messages.videoRequired })
    .positive({ error: messages.videoRequired }),
  duration: z
    .number({ error: messages.durationInvalid })
    .nonnegative({ error: messages.durationInvalid })
    .max(answerDurationMaxSeconds, { error: messages.durationInvalid }),
  text: z
    .string()
    .trim()
    .max(answerTextMaxLength, { error: messages.textTooLong })
    .nullable()
    .optional(),
});

/**
 * PUT /me/assignments/{id}/answers body: `items`, one per question (at most one each, 400
 * 'Each question can be answered only once.'). Items replace my items of the same questions; my
 * items of other questions are kept.
 */
export const meAnswerItemsBodySchema = z.object({
  items: z
    .array(meAnswerItemInputSchema, { error: messages.validationFailed })
    .min(1, { error: messages.validationFailed })
    .max(maxQuestionsPerInterview, { error: messages.validationFailed })
    .refine((items) => new Set(items.map((i) => i.questionId)).size === items.length, {
      error: messages.duplicateQuestion,
    }),
});
export type MeAnswerItemsBody = z.infer<typeof meAnswerItemsBodySchema>;
