/**
 * Review safety and history (decisions.md#review-loop): every completed review of an answer (`reviews`, the
 * history; the answer's `review_version` counts them and is the detail's ETag), who is reviewing
 * an answer now (`review_claims`), the review in progress per answer and reviewer
 * (`review_drafts`), comments pinned to a moment of a question's video (`review_comments`), and the
 * audit log of assignments and answers (`audit_events`, never editable through the API).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { answers, contentAnswers } from './answers.js';
import { assignments } from './assignments.js';
import { questions } from './contents.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

/**
 * One completed review of an answer (a ratings form and a feedback form by one reviewer): written
 * each time the answer becomes Reviewed, in the same statement. The answer's latest review is the
 * one with the highest id; `answers.review_version` is how many there are.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    answerId: integer('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    /** Null once the reviewer is erased ('Deleted user'). */
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    ratingsAnswerId: integer('ratings_answer_id').references(() => contentAnswers.id, {
      onDelete: 'set null',
    }),
    feedbackAnswerId: integer('feedback_answer_id').references(() => contentAnswers.id, {
      onDelete: 'set null',
    }),
    /** The mean of the ratings, 0..5, as the answer stored it. */
    score: numeric('score', { precision: 4, scale: 2, mode: 'number' }),
    /** The answer's review version this review made (1 for the first). */
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_answer_idx').on(t.answerId, t.id),
    index('reviews_reviewer_idx').on(t.reviewerId),
    index('reviews_ratings_answer_idx').on(t.ratingsAnswerId),
    index('reviews_feedback_answer_idx').on(t.feedbackAnswerId),
  ],
);

/**
 * Who is reviewing an answer now: one live claim per answer, renewed while the reviewer's screen
 * is open and active, released on leaving or submitting; a claim past `expires_at` is free.
 */
export const reviewClaims = pgTable(
  'review_claims',
  {
    answerId: integer('answer_id')
      .primaryKey()
      .references(() => answers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('review_claims_user_idx').on(t.userId)],
);

/**
 * A review in progress, per answer and reviewer: the texts by question id of each form, as the
 * console's review panel keeps them. Deleted when that reviewer submits.
 */
export const reviewDrafts = pgTable(
  'review_drafts',
  {
    answerId: integer('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratings: jsonb('ratings')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    feedback: jsonb('feedback')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.answerId, t.userId] }),
    index('review_drafts_user_idx').on(t.userId),
  ],
);

/**
 * A comment pinned to a moment (`at_ms`, milliseconds from the start) of the video answering an
 * interview question. While `review_id` is null it is its author's draft (editable and deletable
 * by them); submitting a review attaches the author's drafts to it, and from then it is fixed.
 */
export const reviewComments = pgTable(
  'review_comments',
  {
    id: serial('id').primaryKey(),
    answerId: integer('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    atMs: integer('at_ms').notNull(),
    text: text('text').notNull(),
    /** Null once the author is erased. */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_comments_answer_idx').on(t.answerId, t.reviewId),
    index('review_comments_review_idx').on(t.reviewId),
    index('review_comments_author_idx').on(t.createdById),
  ],
);

/**
 * The audit log of an assignment (decisions.md#review-loop §5): status changes of the assignment and its answers,
 * reviews and claims taken over — who (`actor_id`, null for the system or an erased user), what
 * (`action`), when, and the values before and after. Written in the transaction of the change;
 * read per assignment by Managers and Admins; no call changes it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null for an event of no assignment (an API token's use). */
    assignmentId: integer('assignment_id').references(() => assignments.id, {
      onDelete: 'cascade',
    }),
    answerId: integer('answer_id').references(() => answers.id, { onDelete: 'set null' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What happened, e.g. 'assignment.status', 'answer.status', 'review.submitted', 'claim.takenOver'. */
    action: varchar('action', { length: 64 }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_assignment_idx').on(t.assignmentId, t.id),
    index('audit_events_answer_idx').on(t.answerId),
    index('audit_events_actor_idx').on(t.actorId),
    index('audit_events_organization_idx').on(t.organizationId),
  ],
);
