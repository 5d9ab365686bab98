/**
 * Insights (decisions.md#insights-and-administration §1): per-criterion analytics of reviews. A criterion is a Rating question
 * (QuestionType.Rating) of a rating scale; a rating is the 1–5 stars a reviewer gave it (the
 * numeric text of the ratings answer, 001 §3 'ratingsAnswer'; other texts are not ratings).
 *
 *     GET /assignments/{id}/insights                → assignmentInsights
 *         (who may read the assignment; 404 otherwise)
 *     GET /users/{id}/progress                      → traineeProgress
 *         (who may read the user, 000 §6; the user is a trainee, 404 otherwise)
 *     GET /organizations/{id}/reviewer-consistency  → reviewerConsistency
 *         (an Admin, or a Manager of that organization; 404 for another organization)
 *
 * Each is one call per view, computed in SQL. Means are over ratings (1–5) with 2 decimals, null
 * when there is none; shares are 0–1 with 3 decimals. Dates are ISO 8601. Exports are prefixed so
 * they never collide with other schemas.
 */
import { z } from 'zod';
import { isoDateTimeSchema } from './common';

/** A criterion: a Rating question of a rating scale, in the scale's order (`position`, 1-based). */
export const insightCriterionSchema = z.object({
  questionId: z.number().int().positive(),
  text: z.string(),
  position: z.number().int().positive(),
});
export type InsightCriterion = z.infer<typeof insightCriterionSchema>;

/** The ratings of one criterion over a set of reviews: how many, their mean, and per star how many. */
export const insightCriterionStatsSchema = z.object({
  questionId: z.number().int().positive(),
  count: z.number().int().nonnegative(),
  mean: z.number().nullable(),
  /** Counts of 1, 2, 3, 4 and 5 stars, in that order (length 5). */
  distribution: z.array(z.number().int().nonnegative()).length(5),
});
export type InsightCriterionStats = z.infer<typeof insightCriterionStatsSchema>;

/** One criterion's rating in one review. */
export const insightRatingSchema = z.object({
  questionId: z.number().int().positive(),
  stars: z.number().int().min(1).max(5),
});
export type InsightRating = z.infer<typeof insightRatingSchema>;

/** A person as the insights name them (null id: an erased user, 'Deleted user'). */
export const insightPersonSchema = z.object({
  id: z.number().int().positive().nullable(),
  firstName: z.string(),
  lastName: z.string(),
});
export type InsightPerson = z.infer<typeof insightPersonSchema>;

/**
 * GET /assignments/{id}/insights. Over the latest review of each Reviewed answer of the assignment
 * (trainees not soft-deleted):
 * - `criteria`: the assignment's rating scale's Rating questions, in order (empty without one);
 * - `overall`: per criterion, count, mean and distribution;
 * - `byGroup`: the same per group of the organization that has a reviewed trainee of the
 *   assignment (a trainee in two groups counts in both), with how many answers;
 * - `byReviewer`: the same per reviewer of the latest reviews;
 * - `trainees`: every reviewed trainee, best score first (then name), with the stars per criterion;
 * - `totals`: answers Pending, Submitted (to review) and Reviewed now;
 * - `timeline`: per day (per week when the assignment spans more than 90 days; at most 120
 *   points) from its first answer to today (or its last change when Closed), how many answers were
 *   Pending, to review and Reviewed at the end of that day.
 */
export const assignmentInsightsSchema = z.object({
  assignmentId: z.number().int().positive(),
  criteria: z.array(insightCriterionSchema),
  overall: z.array(insightCriterionStatsSchema),
  byGroup: z.array(
    z.object({
      group: z.object({ id: z.number().int().positive(), name: z.string() }),
      answers: z.number().int().nonnegative(),
      criteria: z.array(insightCriterionStatsSchema),
    }),
  ),
  byReviewer: z.array(
    z.object({
      reviewer: insightPersonSchema,
      reviews: z.number().int().nonnegative(),
      criteria: z.array(insightCriterionStatsSchema),
    }),
  ),
  trainees: z.array(
    z.object({
      user: insightPersonSchema.extend({ email: z.string() }),
      answerId: z.number().int().positive(),
      score: z.number().nullable(),
      reviewedAt: isoDateTimeSchema.nullable(),
      ratings: z.array(insightRatingSchema),
    }),
  ),
  totals: z.object({
    pending: z.number().int().nonnegative(),
    submitted: z.number().int().nonnegative(),
    reviewed: z.number().int().nonnegative(),
  }),
  timeline: z.object({
    bucket: z.enum(['day', 'week']),
    points: z.array(
      z.object({
        /** The bucket's first day, YYYY-MM-DD (UTC). */
        date: z.string(),
        pending: z.number().int().nonnegative(),
        submitted: z.number().int().nonnegative(),
        reviewed: z.number().int().nonnegative(),
      }),
    ),
  }),
});
export type AssignmentInsights = z.infer<typeof assignmentInsightsSchema>;

/**
 * GET /users/{id}/progress: a trainee's reviewed answers over time (oldest review first), each with
 * its assignment, score and stars per criterion; `criteria` names every criterion that appears
 * (a criterion is a question, so assignments sharing a rating scale share criteria); `practice`
 * counts the trainee's answers by status and their practice sessions (the answers'
 * practiceCounter) over assignments that are not Draft.
 */
export const traineeProgressSchema = z.object({
  userId: z.number().int().positive(),
  criteria: z.array(insightCriterionSchema.extend({ ratingsId: z.number().int().positive() })),
  reviews: z.array(
    z.object({
      answerId: z.number().int().positive(),
      assignment: z.object({ id: z.number().int().positive(), title: z.string() }),
      reviewedAt: isoDateTimeSchema,
      score: z.number().nullable(),
      practiceCounter: z.number().int().nonnegative(),
      ratings: z.array(insightRatingSchema),
    }),
  ),
  practice: z.object({
    assignments: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
    submitted: z.number().int().nonnegative(),
    reviewed: z.number().int().nonnegative(),
    /** The sum of the answers' practice counters. */
    sessions: z.number().int().nonnegative(),
  }),
});
export type TraineeProgress = z.infer<typeof traineeProgressSchema>;

/**
 * GET /organizations/{id}/reviewer-consistency, over every review the history keeps (not only the
 * latest) of the organization's answers:
 * - `criteria`: every criterion rated, with the organization's count and mean;
 * - `reviewers`: per reviewer, the number of reviews, the mean of their scores, and per criterion
 *   count, mean, standard deviation (population; null under 2 ratings) and `delta` (their mean
 *   minus the organization's);
 * - `agreement`: per pair of reviewers who both reviewed the same answer (each one's latest review
 *   of it), how many answers and ratings (same criterion) they share, and the share of those
 *   ratings that are equal (`exact`) and at most one star apart (`withinOne`); `overall` pools all
 *   pairs. Pairs are listed most shared ratings first.
 */
export const reviewerConsistencySchema = z.object({
  organizationId: z.number().int().positive(),
  criteria: z.array(
    insightCriterionSchema.extend({
      ratingsId: z.number().int().positive(),
      count: z.number().int().nonnegative(),
      mean: z.number().nullable(),
    }),
  ),
  reviewers: z.array(
    z.object({
      reviewer: insightPersonSchema,
      reviews: z.number().int().nonnegative(),
      meanScore: z.number().nullable(),
      criteria: z.array(
        z.object({
          questionId: z.number().int().positive(),
          count: z.number().int().nonnegative(),
          mean: z.number().nullable(),
          stddev: z.number().nullable(),
          delta: z.number().nullable(),
        }),
      ),
    }),
  ),
  agreement: z.object({
    overall: z.object({
      pairs: z.number().int().nonnegative(),
      answers: z.number().int().nonnegative(),
      ratings: z.number().int().nonnegative(),
      exact: z.number().nullable(),
      withinOne: z.number().nullable(),
    }),
    pairs: z.array(
      z.object({
        a: insightPersonSchema,
        b: insightPersonSchema,
        answers: z.number().int().nonnegative(),
        ratings: z.number().int().nonnegative(),
        exact: z.number().nullable(),
        withinOne: z.number().nullable(),
      }),
    ),
  }),
});
export type ReviewerConsistency = z.infer<typeof reviewerConsistencySchema>;
