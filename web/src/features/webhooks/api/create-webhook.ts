/**
 * POST /organizations/{id}/webhooks (decisions.md#webhooks §1, §4): answers the endpoint with its
 * signing secret, which the dialog shows once. Field errors (a private or unresolvable URL is a
 * 400 on `url`) go to the form; other failures toast the server's message or
 * `webhooksText.createFailed`.
 */
import {
  createdWebhookEndpointSchema,
  type CreatedWebhookEndpoint,
  type WebhookEventType,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { webhooksText } from '../../../config/webhooks-text';
import { organizationKeys } from '../../../lib/query-keys';

/** The create call's body (the contract's `createWebhookBodySchema`). */
export interface CreateWebhookBody {
  url: string;
  events: WebhookEventType[];
}

/** Creates a webhook endpoint of the organization. */
export function createWebhook(
  organizationId: number,
  body: CreateWebhookBody,
): Promise<CreatedWebhookEndpoint> {
  return api.post(`/organizations/${organizationId}/webhooks`, {
    body,
    schema: createdWebhookEndpointSchema,
  });
}

/** Mutation hook; refreshes the organization's endpoints. */
export function useCreateWebhook(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => createWebhook(organizationId, body),
    meta: { silent: true },
    onSuccess: () =>
      client.invalidateQueries({ queryKey: organizationKeys.webhooks(organizationId) }),
    onError: (error) => {
      // Field errors are shown on the form's fields.
      if (isApiError(error) && Object.keys(error.fieldErrors()).length > 0) return;
      toast.error(
        isApiError(error) && error.fromServer ? error.message : webhooksText.createFailed,
      );
    },
  });
}
