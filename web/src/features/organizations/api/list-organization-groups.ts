/** GET /organizations/{id}/groups (000 §2.9 Groups member tab, §7): the organization's groups. */
import { groupSchema, type PageSize } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Fetches one page of an organization's groups. */
export function listOrganizationGroups(
  id: number,
  page: number,
  pageSize: PageSize,
  signal?: AbortSignal,
) {
  return api.list(`/organizations/${id}/groups`, { page, pageSize }, { row: groupSchema, signal });
}

/** Query options of one page of groups. */
export function organizationGroupsQueryOptions(id: number, page: number, pageSize: PageSize) {
  return queryOptions({
    queryKey: organizationKeys.groups(id, page, pageSize),
    queryFn: ({ signal }) => listOrganizationGroups(id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of an organization's groups. */
export function useOrganizationGroups(
  id: number,
  page: number,
  pageSize: PageSize,
  enabled = true,
) {
  return useQuery({
    ...organizationGroupsQueryOptions(id, page, pageSize),
    enabled: enabled && id > 0,
  });
}
