/**
 * GET /groups/{id}?includes=users (000 §2.6, §7): one group with its counts and its members
 * (id, names, role).
 */
import { groupSchema, type Group } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { groupKeys } from '../../../lib/query-keys';

/** Fetches one group with its members. */
export function getGroup(id: number, signal?: AbortSignal): Promise<Group> {
  return api.get(`/groups/${id}`, { query: { includes: 'users' }, schema: groupSchema, signal });
}

/** Query options of one group. */
export function groupQueryOptions(id: number) {
  return queryOptions({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => getGroup(id, signal),
  });
}

/** One group; disabled while `id` is not known. */
export function useGroup(id: number | null | undefined) {
  return useQuery({ ...groupQueryOptions(id ?? 0), enabled: typeof id === 'number' && id > 0 });
}
