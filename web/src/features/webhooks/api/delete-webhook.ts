/**
 * DELETE /organizations/{id}/webhooks/{endpointId} (decisions.md#webhooks §1): deletes an
 * endpoint and its deliveries.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { webhooksText } from '../../../config/webhooks-text';
import { organizationKeys } from '../../../lib/query-keys';

/** Deletes the endpoint `endpointId` of the organization. */
export async function deleteWebhook(organizationId: number, endpointId: number): Promise<void> {
  await api.delete(`/organizations/${organizationId}/webhooks/${endpointId}`);
}

/** Mutation hook; toasts the outcome and refreshes the endpoints. */
export function useDeleteWebhook(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: number) => deleteWebhook(organizationId, endpointId),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(webhooksText.deleted);
      return client.invalidateQueries({ queryKey: organizationKeys.webhooks(organizationId) });
    },
    onError: (error) => {
      toast.error(
        isApiError(error) && error.fromServer ? error.message : webhooksText.deleteFailed,
      );
    },
  });
}
