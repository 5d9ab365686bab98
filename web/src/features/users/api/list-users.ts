/**
 * GET /users (000 §7): roles, search (at least 3 characters, 000 §5), the deleted filter
 * (000 §3 'Existence'), an optional organization, page and page size. Answers the list and its
 * total (000 §3: list, total, page, limit).
 */
import { userSchema, type ExistenceId, type PageSize, type User } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { toPaged, type Paged } from '../../../lib/paging';
import { userKeys } from '../../../lib/query-keys';

/** Filters of GET /users as the console sends them. */
export interface UserListFilters {
  roles?: readonly number[];
  search?: string;
  deleted?: ExistenceId;
  organizationId?: number;
  page: number;
  pageSize: PageSize;
}

/** Fetches one page of users. */
export async function listUsers(
  filters: UserListFilters,
  signal?: AbortSignal,
): Promise<Paged<User>> {
  const data = await api.list(
    '/users',
    {
      roles: filters.roles?.length ? filters.roles.join(',') : undefined,
      search: filters.search,
      deleted: filters.deleted,
      organizationId: filters.organizationId,
      page: filters.page,
      pageSize: filters.pageSize,
    },
    { row: userSchema, signal },
  );
  return toPaged(data, filters.page, filters.pageSize);
}

/** Query options of a users page; the previous page stays on screen while the next loads. */
export function usersQueryOptions(filters: UserListFilters, enabled = true) {
  return queryOptions({
    queryKey: userKeys.list(filters),
    queryFn: ({ signal }) => listUsers(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A users page. */
export function useUsers(filters: UserListFilters, enabled = true) {
  return useQuery(usersQueryOptions(filters, enabled));
}
