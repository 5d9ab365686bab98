/**
 * GET /organizations/{id}/api-tokens (decisions.md#api-tokens): the organization's tokens that
 * are not revoked, newest first, never with their secret.
 */
import { apiTokenListSchema, type ApiTokenList } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Fetches the organization's API tokens. */
export function listApiTokens(organizationId: number, signal?: AbortSignal): Promise<ApiTokenList> {
  return api.get(`/organizations/${organizationId}/api-tokens`, {
    schema: apiTokenListSchema,
    signal,
  });
}

/** Query options of the organization's API tokens. */
export function apiTokensQueryOptions(organizationId: number) {
  return queryOptions({
    queryKey: organizationKeys.apiTokens(organizationId),
    queryFn: ({ signal }) => listApiTokens(organizationId, signal),
  });
}

/** The organization's API tokens. */
export function useApiTokens(organizationId: number) {
  return useQuery(apiTokensQueryOptions(organizationId));
}
