/**
 * Contract-shaped answers of the three insight calls (decisions.md#insights-and-administration §1) for the component tests:
 * an assignment with three criteria (Clarity the weakest), two groups and two reviewers, a trainee's
 * progress over three reviews, and an organization where one reviewer scores 0.8 above the mean.
 */
import type { AssignmentInsights, ReviewerConsistency, TraineeProgress } from '@practica/contract';

const clarity = { questionId: 31, text: 'Clarity', position: 1 };
const empathy = { questionId: 32, text: 'Empathy', position: 2 };
const closing = { questionId: 33, text: 'Closing', position: 3 };

export const assignmentInsightsFixture: AssignmentInsights = {
  assignmentId: 12,
  criteria: [clarity, empathy, closing],
  overall: [
    { questionId: 31, count: 4, mean: 2.25, distribution: [1, 2, 0, 1, 0] },
    { questionId: 32, count: 4, mean: 4.5, distribution: [0, 0, 0, 2, 2] },
    { questionId: 33, count: 3, mean: 3.67, distribution: [0, 0, 1, 2, 0] },
  ],
  byGroup: [
    {
      group: { id: 5, name: 'Cohort A' },
      answers: 3,
      criteria: [
        { questionId: 31, count: 3, mean: 2.33, distribution: [1, 1, 0, 1, 0] },
        { questionId: 32, count: 3, mean: 4.33, distribution: [0, 0, 0, 2, 1] },
        { questionId: 33, count: 2, mean: 3.5, distribution: [0, 0, 1, 1, 0] },
      ],
    },
  ],
  byReviewer: [
    {
      reviewer: { id: 7, firstName: 'Mia', lastName: 'Manager' },
      reviews: 3,
      criteria: [{ questionId: 31, count: 3, mean: 2, distribution: [1, 1, 1, 0, 0] }],
    },
    {
      reviewer: { id: null, firstName: '', lastName: '' },
      reviews: 1,
      criteria: [{ questionId: 31, count: 1, mean: 4, distribution: [0, 0, 0, 1, 0] }],
    },
  ],
  trainees: [
    {
      user: { id: 21, firstName: 'Ana', lastName: 'Álvarez', email: 'ana@demo.test' },
      answerId: 101,
      score: 4.33,
      reviewedAt: '2026-11-20T10:00:00.000Z',
      ratings: [
        { questionId: 31, stars: 4 },
        { questionId: 32, stars: 5 },
        { questionId: 33, stars: 4 },
      ],
    },
    {
      user: { id: 22, firstName: 'Ben', lastName: 'Baker', email: 'ben@demo.test' },
      answerId: 102,
      score: 2.5,
      reviewedAt: '2026-11-21T10:00:00.000Z',
      ratings: [
        { questionId: 31, stars: 1 },
        { questionId: 32, stars: 4 },
      ],
    },
  ],
  totals: { pending: 2, submitted: 1, reviewed: 4 },
  timeline: {
    bucket: 'day',
    points: [
      { date: '2026-11-19', pending: 7, submitted: 0, reviewed: 0 },
      { date: '2026-11-20', pending: 3, submitted: 2, reviewed: 2 },
      { date: '2026-11-21', pending: 2, submitted: 1, reviewed: 4 },
    ],
  },
};

/** An assignment without a rating scale, answered but not reviewed. */
export const noScaleInsightsFixture: AssignmentInsights = {
  ...assignmentInsightsFixture,
  criteria: [],
  overall: [],
  byGroup: [],
  byReviewer: [],
  trainees: [],
  totals: { pending: 3, submitted: 1, reviewed: 0 },
};

/** An assignment with a rating scale and no review yet. */
export const unreviewedInsightsFixture: AssignmentInsights = {
  ...assignmentInsightsFixture,
  overall: [
    { questionId: 31, count: 0, mean: null, distribution: [0, 0, 0, 0, 0] },
    { questionId: 32, count: 0, mean: null, distribution: [0, 0, 0, 0, 0] },
    { questionId: 33, count: 0, mean: null, distribution: [0, 0, 0, 0, 0] },
  ],
  byGroup: [],
  byReviewer: [],
  trainees: [],
  totals: { pending: 2, submitted: 3, reviewed: 0 },
};

export const traineeProgressFixture: TraineeProgress = {
  userId: 21,
  criteria: [
    { ...clarity, ratingsId: 3 },
    { ...empathy, ratingsId: 3 },
  ],
  reviews: [
    {
      answerId: 90,
      assignment: { id: 11, title: 'Cold call' },
      reviewedAt: '2026-10-02T09:00:00.000Z',
      score: 2.5,
      practiceCounter: 3,
      ratings: [
        { questionId: 31, stars: 2 },
        { questionId: 32, stars: 3 },
      ],
    },
    {
      answerId: 101,
      assignment: { id: 12, title: 'Sales practice' },
      reviewedAt: '2026-11-20T10:00:00.000Z',
      score: 4.5,
      practiceCounter: 1,
      ratings: [
        { questionId: 31, stars: 4 },
        { questionId: 32, stars: 5 },
      ],
    },
  ],
  practice: { assignments: 3, pending: 1, submitted: 0, reviewed: 2, sessions: 4 },
};

export const reviewerConsistencyFixture: ReviewerConsistency = {
  organizationId: 1,
  criteria: [
    { ...clarity, ratingsId: 3, count: 10, mean: 2.9 },
    { ...empathy, ratingsId: 3, count: 10, mean: 3.6 },
  ],
  reviewers: [
    {
      reviewer: { id: 7, firstName: 'Mia', lastName: 'Manager' },
      reviews: 6,
      meanScore: 3.6,
      criteria: [
        { questionId: 31, count: 6, mean: 3.7, stddev: 0.47, delta: 0.8 },
        { questionId: 32, count: 6, mean: 3.5, stddev: 0.5, delta: -0.1 },
      ],
    },
    {
      reviewer: { id: 8, firstName: 'Ivan', lastName: 'Instructor' },
      reviews: 4,
      meanScore: 2.9,
      criteria: [
        { questionId: 31, count: 4, mean: 2.6, stddev: null, delta: -0.3 },
        { questionId: 32, count: 4, mean: 3.75, stddev: 0.43, delta: 0.15 },
      ],
    },
  ],
  agreement: {
    overall: { pairs: 1, answers: 3, ratings: 6, exact: 0.5, withinOne: 0.833 },
    pairs: [
      {
        a: { id: 7, firstName: 'Mia', lastName: 'Manager' },
        b: { id: 8, firstName: 'Ivan', lastName: 'Instructor' },
        answers: 3,
        ratings: 6,
        exact: 0.5,
        withinOne: 0.833,
      },
    ],
  },
};
