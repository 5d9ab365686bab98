/**
 * GET /organizations/{id}/users (000 §2.9 member tabs, §7): members by role, search, paging.
 */
import { userSchema, type PageSize, type RoleId } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** The member tabs' query: roles, search and paging. */
export interface MembersQuery {
  roles?: readonly RoleId[];
  search?: string;
  page: number;
  pageSize: PageSize;
}

/** Fetches one page of an organization's members. */
export function listOrganizationUsers(id: number, query: MembersQuery, signal?: AbortSignal) {
  return api.list(
    `/organizations/${id}/users`,
    {
      roles: query.roles?.join(','),
      search: query.search,
      page: query.page,
      pageSize: query.pageSize,
    },
    { row: userSchema, signal },
  );
}

/** Query options of one page of members. */
export function organizationUsersQueryOptions(id: number, query: MembersQuery) {
  return queryOptions({
    queryKey: organizationKeys.users(id, query),
    queryFn: ({ signal }) => listOrganizationUsers(id, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of an organization's members. */
export function useOrganizationUsers(id: number, query: MembersQuery, enabled = true) {
  return useQuery({ ...organizationUsersQueryOptions(id, query), enabled: enabled && id > 0 });
}
