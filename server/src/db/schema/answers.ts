/**
 * Answers (001 §3 'Answer'): one per trainee and assignment, created Pending when the trainee is
 * added. The trainee records one video per interview question (answer items); reviewers submit
 * content answers for the rating scale and the feedback form. Every review submission is kept
 * (decisions.md); the answer points at the latest ratings and feedback answers.
 * Status: Pending 1, Submitted 2, Reviewed 3.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { assignments } from './assignments.js';
import { contents, questions } from './contents.js';
import { files } from './files.js';
import { users } from './users.js';

export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** AnswerStatus: Pending 1, Submitted 2, Reviewed 3. */
    statusId: smallint('status_id').notNull().default(1),
    /** Mean of the numeric rating answers of the latest review, 0..5. */
    score: numeric('score', { precision: 4, scale: 2, mode: 'number' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    viewed: boolean('viewed').notNull().default(false),
    practiceCounter: integer('practice_counter').notNull().default(0),
    /**
     * How many reviews completed (decisions.md#review-loop: the `reviews` rows of this answer); the answer detail's
     * ETag, which the review call's If-Match compares under the answer's row lock.
     */
    reviewVersion: integer('review_version').notNull().default(0),
    ratingsAnswerId: integer('ratings_answer_id').references((): AnyPgColumn => contentAnswers.id, {
      onDelete: 'set null',
    }),
    feedbackAnswerId: integer('feedback_answer_id').references(
      (): AnyPgColumn => contentAnswers.id,
      { onDelete: 'set null' },
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The statuses an answer is stored with (001 §4: Pending, Submitted, Reviewed; 'Completed' is
    // a view of not Pending). The counts kept per assignment (migration 0008) add exactly these.
    check('answers_status_check', sql`${t.statusId} in (1, 2, 3)`),
    uniqueIndex('answers_assignment_user_key').on(t.assignmentId, t.userId),
    index('answers_user_idx').on(t.userId, t.assignmentId),
    // Answers of an assignment by status; the trailing user and submission time let the counts
    // and the answers list find their rows without reading the table.
    index('answers_assignment_status_idx').on(
      t.assignmentId,
      t.statusId,
      t.id,
      t.userId,
      t.submittedAt,
    ),
    index('answers_status_idx').on(t.statusId, t.id),
    // The review inbox (decisions.md#review-loop): Submitted answers, oldest submission first.
    index('answers_review_queue_idx')
      .on(t.submittedAt, t.id)
      .where(sql`${t.statusId} = 2`),
    // Deleting a review form (with its answer or assignment) sets these references to null: without
    // an index each deleted form read every answer (8 s to delete an assignment of 100 answers
    // among 1,000,000).
    index('answers_ratings_answer_idx')
      .on(t.ratingsAnswerId)
      .where(sql`${t.ratingsAnswerId} is not null`),
    index('answers_feedback_answer_idx')
      .on(t.feedbackAnswerId)
      .where(sql`${t.feedbackAnswerId} is not null`),
  ],
);

/**
 * Each assignment's answers by status, and what the mean score of its Reviewed answers needs (how
 * many have a score and their sum: `avg` ignores nulls), over the answers whose trainee is not
 * soft-deleted. Kept by triggers on assignments, answers and users (migration 0008): the
 * assignments list and detail showed these for every row, and counting them there read every answer
 * of each assignment (decisions.md#performance, 'counts that do not scan'). One row per assignment, created with it.
 */
export const assignmentAnswerCounts = pgTable('assignment_answer_counts', {
  assignmentId: integer('assignment_id')
    .primaryKey()
    .references(() => assignments.id, { onDelete: 'cascade' }),
  pending: integer('pending').notNull().default(0),
  submitted: integer('submitted').notNull().default(0),
  reviewed: integer('reviewed').notNull().default(0),
  /** Reviewed answers with a score. */
  scored: integer('scored').notNull().default(0),
  /** The sum of their scores (exact: the mean is `score_sum / scored`, as `avg` computes it). */
  scoreSum: numeric('score_sum').notNull().default('0'),
});

/** One recorded answer per interview question (001 §3 'Answer item'): the video file and its duration. */
export const answerItems = pgTable(
  'answer_items',
  {
    id: serial('id').primaryKey(),
    answerId: integer('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    text: text('text'),
    /** Duration of the recording in seconds (the probed one once the media job ran). */
    duration: numeric('duration', { precision: 10, scale: 3, mode: 'number' }).notNull().default(0),
    /** MediaStatus of the video: whether the playable MP4 and the poster are made yet. */
    mediaStatus: smallint('media_status').notNull().default(0),
    /** The H.264/AAC MP4 made from `fileId` (or `fileId` itself when it already was one). */
    playbackFileId: integer('playback_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    /** A JPEG still of the video, shown before it plays. */
    posterFileId: integer('poster_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** When VIDEO_RETENTION_DAYS removed the video (and its MP4 and poster); null while kept. */
    videoDeletedAt: timestamp('video_deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('answer_items_answer_question_key').on(t.answerId, t.questionId),
    index('answer_items_file_idx').on(t.fileId),
    index('answer_items_playback_file_idx').on(t.playbackFileId),
    index('answer_items_poster_file_idx').on(t.posterFileId),
  ],
);

/**
 * Media status of an answer item's video (decisions.md#media): None 0 (no video, or made before media
 * processing existed: the original plays), Processing 1 (a media job is due), Ready 2 (MP4 and
 * poster made), Failed 3 (the job gave up; staff may try again; the original plays where it can).
 */
export const MediaStatus = { None: 0, Processing: 1, Ready: 2, Failed: 3 } as const;

/**
 * A reviewer's answers to a rating scale or a feedback form for one answer (001 §3 'ratingsAnswer',
 * 'feedbackAnswer'): `answers` is `[{questionId, text}]`; every submission is a new row.
 */
export const contentAnswers = pgTable(
  'content_answers',
  {
    id: serial('id').primaryKey(),
    answerId: integer('answer_id')
      .notNull()
      .references((): AnyPgColumn => answers.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id),
    /** Null once the reviewer is erased: shown as 'Deleted user'. */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    answers: jsonb('answers')
      .$type<{ questionId: number; text: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    score: numeric('score', { precision: 4, scale: 2, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_answers_answer_idx').on(t.answerId, t.id)],
);
