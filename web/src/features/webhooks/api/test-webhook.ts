/**
 * POST /organizations/{id}/webhooks/{endpointId}/test (decisions.md#webhooks §1): queues a `ping`
 * delivery, attempts it at once and answers it (delivered, or pending with its error and a
 * retry). The section shows the answer; a refused call toasts the server's message or
 * `webhooksText.testFailed`.
 */
import { webhookDeliverySchema, type WebhookDelivery } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { webhooksText } from '../../../config/webhooks-text';
import { organizationKeys } from '../../../lib/query-keys';

/** Sends a test ping to the endpoint `endpointId`; answers its delivery. */
export function testWebhook(organizationId: number, endpointId: number): Promise<WebhookDelivery> {
  return api.post(`/organizations/${organizationId}/webhooks/${endpointId}/test`, {
    schema: webhookDeliverySchema,
  });
}

/** Mutation hook; refreshes the endpoints' deliveries. */
export function useTestWebhook(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: number) => testWebhook(organizationId, endpointId),
    meta: { silent: true },
    onSettled: () =>
      client.invalidateQueries({ queryKey: organizationKeys.webhooks(organizationId) }),
    onError: (error) => {
      toast.error(isApiError(error) && error.fromServer ? error.message : webhooksText.testFailed);
    },
  });
}
