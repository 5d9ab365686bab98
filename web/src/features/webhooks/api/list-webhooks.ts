/**
 * GET /organizations/{id}/webhooks (decisions.md#webhooks §1): the organization's endpoints,
 * newest first, never with their secret.
 */
import { webhookEndpointListSchema, type WebhookEndpointList } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Fetches the organization's webhook endpoints. */
export function listWebhooks(
  organizationId: number,
  signal?: AbortSignal,
): Promise<WebhookEndpointList> {
  return api.get(`/organizations/${organizationId}/webhooks`, {
    schema: webhookEndpointListSchema,
    signal,
  });
}

/** Query options of the organization's webhook endpoints. */
export function webhooksQueryOptions(organizationId: number) {
  return queryOptions({
    queryKey: organizationKeys.webhooks(organizationId),
    queryFn: ({ signal }) => listWebhooks(organizationId, signal),
  });
}

/** The organization's webhook endpoints. */
export function useWebhooks(organizationId: number) {
  return useQuery(webhooksQueryOptions(organizationId));
}
