/**
 * GET /reviews/inbox/neighbors (decisions.md#review-loop §1): the answers before and after one in the inbox with
 * the same filters (others' live claims skipped), its position and the inbox's count.
 */
import { reviewInboxNeighborsSchema, type ReviewInboxNeighbors } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { reviewInboxKeys } from '../../../lib/query-keys';
import { inboxQueryOf, type InboxFilters } from '../inbox-filters';

/** Fetches the neighbors of `answerId` with `filters`. */
export function getInboxNeighbors(
  answerId: number,
  filters: InboxFilters,
  signal?: AbortSignal,
): Promise<ReviewInboxNeighbors> {
  const q = inboxQueryOf(filters);
  return api.get('/reviews/inbox/neighbors', {
    query: {
      answerId,
      assignmentId: q.assignmentId,
      groupId: q.groupId,
      search: q.search,
      claim: q.claim,
      organizationId: q.organizationId,
    },
    schema: reviewInboxNeighborsSchema,
    signal,
  });
}

/** Query options of the neighbors of `answerId` with `filters`. */
export function inboxNeighborsQueryOptions(answerId: number, filters: InboxFilters) {
  return queryOptions({
    queryKey: reviewInboxKeys.neighbors({ answerId, ...inboxQueryOf(filters) }),
    queryFn: ({ signal }) => getInboxNeighbors(answerId, filters, signal),
    meta: { silent: true },
  });
}

/** The neighbors of `answerId` (disabled while `enabled` is false, e.g. the answer is loading). */
export function useInboxNeighbors(answerId: number, filters: InboxFilters, enabled = true) {
  return useQuery({ ...inboxNeighborsQueryOptions(answerId, filters), enabled });
}
