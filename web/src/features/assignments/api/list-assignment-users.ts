/** GET /assignments/{id}/users (001 §2): trainees (roles=1) or instructors (roles=2) of an assignment. */
import { assignmentUserSchema } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assignmentKeys } from '../../../lib/query-keys';

/** Fetches the members of one role, optionally by answer status. */
export function listAssignmentUsers(
  id: number,
  roles: number,
  status?: number,
  signal?: AbortSignal,
) {
  return api.list(
    `/assignments/${id}/users`,
    { roles, status, page: 1, pageSize: 100 },
    { row: assignmentUserSchema, signal },
  );
}

/** Query options of the members of one role. */
export function assignmentUsersQueryOptions(id: number, roles: number, status?: number) {
  return queryOptions({
    queryKey: assignmentKeys.users(id, roles, status),
    queryFn: ({ signal }) => listAssignmentUsers(id, roles, status, signal),
    placeholderData: keepPreviousData,
  });
}

/** The members of one role. */
export function useAssignmentUsers(id: number, roles: number, status?: number) {
  return useQuery({ ...assignmentUsersQueryOptions(id, roles, status), enabled: id > 0 });
}
