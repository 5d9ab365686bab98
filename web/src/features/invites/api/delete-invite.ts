/** DELETE /invites/{id} (000 §2.7, §7): deletes an invite not yet accepted. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Deletes an invite. */
export async function deleteInvite(id: number): Promise<void> {
  await api.delete(`/invites/${id}`);
}

/** Mutation hook for the invites of one organization. */
export function useDeleteInvite(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteInvite,
    onSuccess: () =>
      client.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) }),
  });
}
