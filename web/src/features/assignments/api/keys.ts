/** Query keys of the assignments feature. */
export interface AssignmentListFilter {
  status?: number | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
}

export const assignmentKeys = {
  all: ['assignments'] as const,
  list: (filter: AssignmentListFilter) => ['assignments', 'list', filter] as const,
  dashboard: () => ['assignments', 'dashboard'] as const,
  detail: (id: number) => ['assignments', 'detail', id] as const,
  users: (id: number, roles: number, status?: number) =>
    ['assignments', 'users', id, roles, status ?? 0] as const,
  pendingAnswers: (page: number, pageSize: number) =>
    ['assignments', 'pending-answers', page, pageSize] as const,
  sources: (kind: string, arg?: unknown) => ['assignments', 'sources', kind, arg] as const,
  ofUser: (userId: number) => ['assignments', 'of-user', userId] as const,
  open: (organizationId: number) => ['assignments', 'open', organizationId] as const,
};
