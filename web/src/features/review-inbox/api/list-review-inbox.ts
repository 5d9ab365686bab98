/** GET /reviews/inbox (decisions.md#review-loop §1): one page of the answers waiting for review, oldest first. */
import { reviewInboxItemSchema, type PageSize } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { reviewInboxKeys } from '../../../lib/query-keys';
import { inboxQueryOf, type InboxFilters } from '../inbox-filters';

/** The inbox query as the console sends it: the filters and the page (1-based). */
export interface ReviewInboxRequest extends InboxFilters {
  page: number;
  pageSize: PageSize;
}

/** Fetches one page of the inbox; `{list, count}`. */
export function listReviewInbox(request: ReviewInboxRequest, signal?: AbortSignal) {
  const q = inboxQueryOf(request);
  return api.list(
    '/reviews/inbox',
    {
      assignmentId: q.assignmentId,
      groupId: q.groupId,
      search: q.search,
      claim: q.claim,
      organizationId: q.organizationId,
      page: request.page,
      pageSize: request.pageSize,
    },
    { row: reviewInboxItemSchema, signal },
  );
}

/** Query options of one page of the inbox (refreshed every minute: claims and new submissions). */
export function reviewInboxQueryOptions(request: ReviewInboxRequest) {
  const key = { ...inboxQueryOf(request), page: request.page, pageSize: request.pageSize };
  return queryOptions({
    queryKey: reviewInboxKeys.list(key),
    queryFn: ({ signal }) => listReviewInbox(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** One page of the inbox; `enabled` false waits (e.g. an Admin without an organization). */
export function useReviewInbox(request: ReviewInboxRequest, enabled = true) {
  return useQuery({ ...reviewInboxQueryOptions(request), enabled });
}
