/**
 * The assign dialog's users (decisions.md#console-flows §5): GET /assignments/{id}/candidates — the trainees (or
 * instructors) of the assignment's organization a manager or admin may pick, an instructor's own
 * groups' users, by name or email, a page at a time; inactive ones come marked (`active` false).
 */
import { assignmentCandidateSchema } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assignmentKeys } from '../../../lib/query-keys';

/** What the dialog asks: the role, the search (3+ characters, or none) and the page. */
export interface AssignCandidatesQuery {
  roleId: number;
  search?: string | undefined;
  page: number;
}

/** Users the dialog shows per page. */
export const assignCandidatesPageSize = 25;

/** Fetches one page of the assignment's candidates. */
export function listAssignCandidates(
  assignmentId: number,
  query: AssignCandidatesQuery,
  signal?: AbortSignal,
) {
  return api.list(
    `/assignments/${assignmentId}/candidates`,
    { ...query, pageSize: assignCandidatesPageSize },
    { row: assignmentCandidateSchema, signal },
  );
}

/** Query options of one page of candidates. */
export function assignCandidatesQueryOptions(assignmentId: number, query: AssignCandidatesQuery) {
  return queryOptions({
    queryKey: assignmentKeys.sources('candidates', { assignmentId, ...query }),
    queryFn: ({ signal }) => listAssignCandidates(assignmentId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of candidates; the previous page stays on screen while the next loads. */
export function useAssignCandidates(assignmentId: number, query: AssignCandidatesQuery) {
  return useQuery(assignCandidatesQueryOptions(assignmentId, query));
}
