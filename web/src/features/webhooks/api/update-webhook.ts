/**
 * PATCH /organizations/{id}/webhooks/{endpointId} (decisions.md#webhooks §1): changes an
 * endpoint's events or pauses it (active false: no new events). Field errors go to the form;
 * other failures toast the server's message or `webhooksText.saveFailed`.
 */
import {
  webhookEndpointSchema,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { webhooksText } from '../../../config/webhooks-text';
import { organizationKeys } from '../../../lib/query-keys';

/** The change call's body (the contract's `updateWebhookBodySchema`): any of url, events, active. */
export interface UpdateWebhookBody {
  url?: string;
  events?: WebhookEventType[];
  active?: boolean;
}

/** Changes the endpoint `endpointId` of the organization; answers it as changed. */
export function updateWebhook(
  organizationId: number,
  endpointId: number,
  body: UpdateWebhookBody,
): Promise<WebhookEndpoint> {
  return apiRequest('PATCH', `/organizations/${organizationId}/webhooks/${endpointId}`, {
    body,
    schema: webhookEndpointSchema,
  });
}

/** Mutation hook; toasts the outcome and refreshes the endpoints. */
export function useUpdateWebhook(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, body }: { endpointId: number; body: UpdateWebhookBody }) =>
      updateWebhook(organizationId, endpointId, body),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(webhooksText.saved);
      return client.invalidateQueries({ queryKey: organizationKeys.webhooks(organizationId) });
    },
    onError: (error) => {
      if (isApiError(error) && Object.keys(error.fieldErrors()).length > 0) return;
      toast.error(isApiError(error) && error.fromServer ? error.message : webhooksText.saveFailed);
    },
  });
}
