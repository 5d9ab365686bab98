/** Query keys of the users feature (000 §7 'Session and users'): one prefix so writes can invalidate every list. */
import type { ExistenceId, PageSize } from '@practica/contract';

/** Filters of GET /users as the console sends them. */
export interface UserListFilters {
  roles?: readonly number[];
  search?: string;
  deleted?: ExistenceId;
  organizationId?: number;
  page: number;
  pageSize: PageSize;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (filters: UserListFilters) => [...userKeys.lists(), filters] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number) => [...userKeys.details(), id] as const,
};
