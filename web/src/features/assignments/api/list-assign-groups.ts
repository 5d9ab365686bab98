/**
 * The assign dialog's groups (001 §2 'Assign dialog'): GET /groups?includes=users — an
 * instructor's own groups, a manager's or admin's of the assignment's organization.
 */
import { groupSchema } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assignmentKeys } from '../../../lib/query-keys';

/** Fetches the groups (with members) the dialog offers. */
export function listAssignGroups(
  query: { organizationId?: number | undefined; userId?: number | undefined },
  signal?: AbortSignal,
) {
  return api.list(
    '/groups',
    { ...query, includes: 'users', page: 1, pageSize: 100 },
    { row: groupSchema, signal },
  );
}

/** Query options of the dialog's groups. */
export function assignGroupsQueryOptions(query: {
  organizationId?: number | undefined;
  userId?: number | undefined;
}) {
  return queryOptions({
    queryKey: assignmentKeys.sources('groups', query),
    queryFn: ({ signal }) => listAssignGroups(query, signal),
  });
}

/** The dialog's groups; idle while closed. */
export function useAssignGroups(
  query: { organizationId?: number | undefined; userId?: number | undefined },
  enabled: boolean,
) {
  return useQuery({ ...assignGroupsQueryOptions(query), enabled });
}
