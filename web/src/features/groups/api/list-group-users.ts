/** GET /groups/{id}/users (000 §2.6, §7): one role's members of a group, paged. */
import { userSchema, type PageSize, type RoleId } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { groupKeys } from '../../../lib/query-keys';

/** Fetches one page of a group's members of one role. */
export function listGroupUsers(
  id: number,
  roleId: RoleId,
  page: number,
  pageSize: PageSize,
  signal?: AbortSignal,
) {
  return api.list(
    `/groups/${id}/users`,
    { roles: String(roleId), page, pageSize },
    { row: userSchema, signal },
  );
}

/** Query options of one page of members. */
export function groupUsersQueryOptions(
  id: number,
  roleId: RoleId,
  page: number,
  pageSize: PageSize,
) {
  return queryOptions({
    queryKey: groupKeys.users(id, roleId, page, pageSize),
    queryFn: ({ signal }) => listGroupUsers(id, roleId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of a group's members of one role. */
export function useGroupUsers(id: number, roleId: RoleId, page: number, pageSize: PageSize) {
  return useQuery(groupUsersQueryOptions(id, roleId, page, pageSize));
}
