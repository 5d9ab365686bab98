/**
 * GET /organizations/{id}/webhooks/{endpointId}/deliveries (decisions.md#webhooks §5): one page
 * (1-based; 25, 50 or 100 rows) of an endpoint's deliveries, newest first, and their total.
 */
import {
  webhookDeliveryListSchema,
  type PageSize,
  type WebhookDeliveryList,
} from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Fetches one page of the endpoint's deliveries. */
export function listWebhookDeliveries(
  organizationId: number,
  endpointId: number,
  page: number,
  pageSize: PageSize,
  signal?: AbortSignal,
): Promise<WebhookDeliveryList> {
  return api.get(`/organizations/${organizationId}/webhooks/${endpointId}/deliveries`, {
    query: { page, pageSize },
    schema: webhookDeliveryListSchema,
    signal,
  });
}

/** Query options of one page of the endpoint's deliveries. */
export function webhookDeliveriesQueryOptions(
  organizationId: number,
  endpointId: number,
  page: number,
  pageSize: PageSize,
) {
  return queryOptions({
    queryKey: organizationKeys.webhookDeliveries(organizationId, endpointId, page, pageSize),
    queryFn: ({ signal }) =>
      listWebhookDeliveries(organizationId, endpointId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the endpoint's deliveries; the first page also gives the list its last delivery. */
export function useWebhookDeliveries(
  organizationId: number,
  endpointId: number,
  page = 1,
  pageSize: PageSize = 25,
) {
  return useQuery(webhookDeliveriesQueryOptions(organizationId, endpointId, page, pageSize));
}
