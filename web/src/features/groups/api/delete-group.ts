/**
 * DELETE /groups/{id} (000 §2.6, §7). On failure the server's message, else
 * `messages.failedToDeleteGroup` (000 §8).
 */
import { messages } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { groupKeys, organizationKeys } from '../../../lib/query-keys';

/** Deletes a group. */
export async function deleteGroup(id: number): Promise<void> {
  await api.delete(`/groups/${id}`);
}

/** Mutation hook with 000 §8's fallback. */
export function useDeleteGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    meta: { silent: true },
    onSuccess: (_data, id) => {
      // Forget the group (its detail and member lists) rather than refetch it into a 404.
      client.removeQueries({ queryKey: groupKeys.detail(id) });
      void client.invalidateQueries({ queryKey: groupKeys.lists() });
      void client.invalidateQueries({ queryKey: organizationKeys.all });
    },
    onError: (error) => {
      toast.error(
        isApiError(error) && error.fromServer ? error.message : messages.failedToDeleteGroup,
      );
    },
  });
}
