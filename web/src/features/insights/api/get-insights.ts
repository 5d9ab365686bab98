/**
 * The three insight calls (decisions.md#insights-and-administration §1, contract schemas/insights.ts), one per view:
 *   GET /assignments/{id}/insights, GET /users/{id}/progress,
 *   GET /organizations/{id}/reviewer-consistency.
 * Each answer is validated against its schema; a 404 (another organization) surfaces as the
 * query's error.
 */
import {
  assignmentInsightsSchema,
  reviewerConsistencySchema,
  traineeProgressSchema,
} from '@practica/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { insightKeys } from '../../../lib/query-keys';

/** An assignment's insights (criteria, groups, reviewers, trainees, status over time). */
export function useAssignmentInsights(assignmentId: number) {
  return useQuery({
    queryKey: insightKeys.assignment(assignmentId),
    queryFn: ({ signal }) =>
      api.get(`/assignments/${assignmentId}/insights`, {
        schema: assignmentInsightsSchema,
        signal,
      }),
    enabled: assignmentId > 0,
  });
}

/** A trainee's reviewed answers over time and practice counts. */
export function useTraineeProgress(userId: number) {
  return useQuery({
    queryKey: insightKeys.progress(userId),
    queryFn: ({ signal }) =>
      api.get(`/users/${userId}/progress`, { schema: traineeProgressSchema, signal }),
    enabled: userId > 0,
  });
}

/** An organization's reviewer consistency (per reviewer figures and pair agreement). */
export function useReviewerConsistency(organizationId: number) {
  return useQuery({
    queryKey: insightKeys.consistency(organizationId),
    queryFn: ({ signal }) =>
      api.get(`/organizations/${organizationId}/reviewer-consistency`, {
        schema: reviewerConsistencySchema,
        signal,
      }),
    enabled: organizationId > 0,
  });
}
