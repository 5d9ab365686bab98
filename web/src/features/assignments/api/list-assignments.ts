/** GET /assignments (001 §2 'Assignments list'): one page with the status counts of the chips. */
import { assignmentListSchema } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assignmentKeys } from '../../../lib/query-keys';

/** The filters of GET /assignments as the console sends them. */
export interface AssignmentListFilter {
  status?: number | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
}

/** Fetches one page of assignments. */
export function listAssignments(filter: AssignmentListFilter, signal?: AbortSignal) {
  return api.get('/assignments', {
    query: {
      status: filter.status,
      search: filter.search,
      page: filter.page,
      pageSize: filter.pageSize,
    },
    schema: assignmentListSchema,
    signal,
  });
}

/** Query options of one page of assignments. */
export function assignmentsQueryOptions(filter: AssignmentListFilter) {
  return queryOptions({
    queryKey: assignmentKeys.list(filter),
    queryFn: ({ signal }) => listAssignments(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of assignments. */
export function useAssignments(filter: AssignmentListFilter) {
  return useQuery(assignmentsQueryOptions(filter));
}
