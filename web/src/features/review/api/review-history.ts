/**
 * GET /assignments/answers/{id}/reviews (decisions.md#review-loop §5): the answer's completed reviews the caller
 * may read, newest first. Keyed by the answer's review version, so a submitted review (which
 * answers a new detail) reads the history again.
 */
import { reviewHistorySchema, type ReviewHistory } from '@practica/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { reviewHistoryKeys } from '../../../lib/query-keys';

/** The completed reviews of answer `answerId`. */
export function getReviewHistory(answerId: number, signal?: AbortSignal): Promise<ReviewHistory> {
  return api.get(`/assignments/answers/${answerId}/reviews`, {
    schema: reviewHistorySchema,
    signal,
  });
}

/** The history of `answerId` as of its review `version`; `enabled` false asks nothing. */
export function useReviewHistory(answerId: number, version: number, enabled: boolean) {
  return useQuery({
    queryKey: [...reviewHistoryKeys.answer(answerId), version],
    queryFn: ({ signal }) => getReviewHistory(answerId, signal),
    enabled,
    meta: { silent: true },
  });
}
