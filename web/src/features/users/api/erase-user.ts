/**
 * DELETE /users/{id} (000 §4, §7: 'erase'): removes an already soft-deleted user for good (admin
 * only, after the typed confirmation of 000 §5).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** Erases a soft-deleted user. */
export async function eraseUser(id: number): Promise<void> {
  await api.delete(`/users/${id}`);
}

/**
 * Mutation hook; the lists refetch. The erased user's own query is left to the page showing it,
 * which stops it before leaving (`forgetUser`), so it is not fetched again into a 404.
 */
export function useEraseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseUser,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

/** Drops a user from the cache (after it was erased and its page closed). */
export function forgetUser(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: userKeys.detail(id) });
}
