/**
 * DELETE /assets/{id} (001 §7): messages.assetDeleted; on failure (409 while in use) the
 * server's message, else messages.failedToDeleteAvatar / messages.failedToDeleteEnvironment (001 §8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assetKeys } from '../../../lib/query-keys';

/** Deletes an asset. */
export async function deleteAsset(id: number): Promise<void> {
  await api.delete(`/assets/${id}`);
}

/** Mutation hook; the caller toasts (the failure text depends on the kind). */
export function useDeleteAsset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    meta: { silent: true },
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: assetKeys.detail(id) });
      void client.invalidateQueries({ queryKey: assetKeys.all });
    },
  });
}
