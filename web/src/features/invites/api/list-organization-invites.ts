/**
 * GET /organizations/{id}/invites (000 §2.7, §7): the invites not yet accepted, newest first,
 * each with its role, group and expiration date.
 */
import { inviteItemSchema, type PageSize } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Fetches one page of an organization's invites. */
export function listOrganizationInvites(
  organizationId: number,
  page: number,
  pageSize: PageSize,
  signal?: AbortSignal,
) {
  return api.list(
    `/organizations/${organizationId}/invites`,
    { page, pageSize },
    { row: inviteItemSchema, signal },
  );
}

/** Query options of one page of invites. */
export function organizationInvitesQueryOptions(
  organizationId: number,
  page: number,
  pageSize: PageSize,
) {
  return queryOptions({
    queryKey: organizationKeys.invites(organizationId, page, pageSize),
    queryFn: ({ signal }) => listOrganizationInvites(organizationId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of an organization's invites. */
export function useOrganizationInvites(organizationId: number, page: number, pageSize: PageSize) {
  return useQuery(organizationInvitesQueryOptions(organizationId, page, pageSize));
}
