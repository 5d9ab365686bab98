/** GET /organizations/{id}/groups (000 §2.9 Groups member tab, §7): the organization's groups. */
import { groupSchema, pageSizeOptions, type PageSize } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
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

/**
 * Every group of an organization, read page by page at the largest page size (100) until the
 * count is reached: what the CSV import of invites (decisions.md#insights-and-administration §2) matches the file's group names
 * against, so an organization with hundreds of groups finds each one. Answers `Group[]`.
 */
export async function listAllOrganizationGroups(id: number, signal?: AbortSignal) {
  const pageSize = pageSizeOptions[pageSizeOptions.length - 1]!;
  const first = await listOrganizationGroups(id, 1, pageSize, signal);
  const pages = Math.ceil(first.count / pageSize);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      listOrganizationGroups(id, i + 2, pageSize, signal),
    ),
  );
  return [first, ...rest].flatMap((page) => page.list);
}

/** Every group of an organization (`listAllOrganizationGroups`), read while `enabled`. */
export function useAllOrganizationGroups(id: number, enabled = true) {
  return useQuery({
    queryKey: organizationKeys.allGroups(id),
    queryFn: ({ signal }) => listAllOrganizationGroups(id, signal),
    enabled: enabled && id > 0,
  });
}
