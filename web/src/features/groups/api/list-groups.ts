/**
 * GET /groups (000 §2.6, §7): the groups the user may see — an admin's all (or one
 * organization's), a manager's organization's, an instructor's own — with their counts.
 */
import { groupSchema, type PageSize } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { groupKeys } from '../../../lib/query-keys';

/** The filters of GET /groups as the console sends them. */
export interface GroupListFilter {
  organizationId?: number | undefined;
  userId?: number | undefined;
  page: number;
  pageSize: PageSize;
}

/** Fetches one page of groups. */
export function listGroups(filter: GroupListFilter, signal?: AbortSignal) {
  return api.list(
    '/groups',
    {
      organizationId: filter.organizationId,
      userId: filter.userId,
      page: filter.page,
      pageSize: filter.pageSize,
    },
    { row: groupSchema, signal },
  );
}

/** Query options of one page of groups. */
export function groupsQueryOptions(filter: GroupListFilter) {
  return queryOptions({
    queryKey: groupKeys.list(filter),
    queryFn: ({ signal }) => listGroups(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of groups. */
export function useGroups(filter: GroupListFilter, enabled = true) {
  return useQuery({ ...groupsQueryOptions(filter), enabled });
}
