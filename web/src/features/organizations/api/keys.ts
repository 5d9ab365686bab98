/**
 * Query keys of the organization calls (000 §7, organizations). Everything about one
 * organization sits under `['organizations', id]`, so one invalidation refreshes its detail,
 * counts and member lists.
 */
import type { PageSize, RoleId } from '@practica/contract';

export interface MembersQuery {
  roles?: readonly RoleId[];
  search?: string;
  page: number;
  pageSize: PageSize;
}

export const organizationKeys = {
  all: ['organizations'] as const,
  list: (page: number, pageSize: PageSize) =>
    ['organizations', 'list', { page, pageSize }] as const,
  detail: (id: number) => ['organizations', id] as const,
  users: (id: number, query: MembersQuery) => ['organizations', id, 'users', query] as const,
  groups: (id: number, page: number, pageSize: PageSize) =>
    ['organizations', id, 'groups', { page, pageSize }] as const,
};
