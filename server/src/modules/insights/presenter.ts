/**
 * The insights' answers (decisions.md#insights-and-administration §1): what the statements built, in the contract's shapes. The
 * statements already produce every figure; this only names the people: a user erased since (no
 * row, id null) is 'Deleted user'.
 */
import {
  messages,
  type AssignmentInsights,
  type InsightPerson,
  type ReviewerConsistency,
  type TraineeProgress,
} from '@practica/contract';
import type {
  AssignmentInsightsRow,
  PersonRow,
  ReviewerConsistencyRow,
  TraineeProgressRow,
} from './repository.js';

/** A person of the statements; 'Deleted user' (id null) when the user row is gone. */
export function presentPerson(row: PersonRow): InsightPerson {
  return row.id !== null && row.firstName !== null
    ? { id: row.id, firstName: row.firstName, lastName: row.lastName ?? '' }
    : { id: null, firstName: messages.deletedUser, lastName: '' };
}

/** GET /assignments/{id}/insights of assignment `assignmentId`. */
export function presentAssignmentInsights(
  assignmentId: number,
  row: AssignmentInsightsRow,
): AssignmentInsights {
  return {
    assignmentId,
    ...row,
    byReviewer: row.byReviewer.map((r) => ({ ...r, reviewer: presentPerson(r.reviewer) })),
  };
}

/** GET /users/{id}/progress of trainee `userId`. */
export function presentTraineeProgress(userId: number, row: TraineeProgressRow): TraineeProgress {
  return { userId, ...row };
}

/** GET /organizations/{id}/reviewer-consistency of organization `organizationId`. */
export function presentReviewerConsistency(
  organizationId: number,
  row: ReviewerConsistencyRow,
): ReviewerConsistency {
  return {
    organizationId,
    criteria: row.criteria,
    reviewers: row.reviewers.map((r) => ({ ...r, reviewer: presentPerson(r.reviewer) })),
    agreement: {
      overall: row.agreement.overall,
      pairs: row.agreement.pairs.map((p) => ({
        ...p,
        a: presentPerson(p.a),
        b: presentPerson(p.b),
      })),
    },
  };
}
