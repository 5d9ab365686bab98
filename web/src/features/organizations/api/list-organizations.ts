/**
 * GET /organizations (000 §2.5 system admin dashboard, §7): one page of organizations with their
 * status, name and counts of groups, trainees and interviews.
 */
import { organizationListItemSchema, type PageSize } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Fetches one page of organizations. */
export function listOrganizations(page: number, pageSize: PageSize, signal?: AbortSignal) {
  return api.list(
    '/organizations',
    { page, pageSize },
    { row: organizationListItemSchema, signal },
  );
}

/** Query options of one page of organizations. */
export function organizationsQueryOptions(page: number, pageSize: PageSize) {
  return queryOptions({
    queryKey: organizationKeys.list(page, pageSize),
    queryFn: ({ signal }) => listOrganizations(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of organizations. */
export function useOrganizations(page: number, pageSize: PageSize) {
  return useQuery(organizationsQueryOptions(page, pageSize));
}
