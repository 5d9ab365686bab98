/**
 * GET /organizations/{id}/users for the Add members dialog (000 §2.6): the organization's
 * trainees or instructors, searchable (3+ characters), the first 100.
 */
import { pageSizeOptions, userSchema, type RoleId } from '@practica/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

const largestPage = pageSizeOptions[2];

/** Fetches the organization's members of one role. */
export function listMemberCandidates(
  organizationId: number,
  roleId: RoleId,
  search: string | undefined,
  signal?: AbortSignal,
) {
  return api.list(
    `/organizations/${organizationId}/users`,
    { roles: String(roleId), search, page: 1, pageSize: largestPage },
    { row: userSchema, signal },
  );
}

/** The organization's members of one role. */
export function useMemberCandidates(
  organizationId: number,
  roleId: RoleId,
  search: string | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: organizationKeys.candidates(organizationId, roleId, search),
    queryFn: ({ signal }) => listMemberCandidates(organizationId, roleId, search, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && organizationId > 0,
  });
}
