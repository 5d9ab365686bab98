/**
 * Query keys of the group calls (000 §7, groups). Group changes also touch organization counts,
 * so mutations refresh `['groups']` and `['organizations']`.
 */
import type { PageSize, RoleId } from '@practica/contract';

export interface GroupListFilter {
  organizationId?: number | undefined;
  userId?: number | undefined;
  page: number;
  pageSize: PageSize;
}

export const groupKeys = {
  all: ['groups'] as const,
  list: (filter: GroupListFilter) => ['groups', 'list', filter] as const,
  detail: (id: number) => ['groups', id] as const,
  users: (id: number, roleId: RoleId, page: number, pageSize: PageSize) =>
    ['groups', id, 'users', { roleId, page, pageSize }] as const,
  ofUser: (userId: number) => ['users', userId, 'groups'] as const,
  candidates: (organizationId: number, roleId: RoleId, search: string | undefined) =>
    ['organizations', organizationId, 'candidates', { roleId, search }] as const,
  organizations: ['organizations'] as const,
};
