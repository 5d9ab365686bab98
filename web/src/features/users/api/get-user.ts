/** GET /users/{id} (000 §7): one user, as the settings and user-detail screens show it. */
import { userSchema, type User } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** Fetches one user. */
export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return api.get(`/users/${id}`, { schema: userSchema, signal });
}

/** Query options of one user. */
export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** One user; disabled for an invalid id. */
export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}
