/**
 * POST /organizations/{id}/api-tokens (decisions.md#api-tokens): answers the token with its
 * secret, which the dialog shows once. Field errors go to the form; other failures toast the
 * server's message or `apiTokensText.createFailed`.
 */
import {
  createdApiTokenSchema,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { apiTokensText } from '../../../config/api-tokens-text';
import { organizationKeys } from '../../../lib/query-keys';

/** Creates an API token of the organization. */
export function createApiToken(
  organizationId: number,
  body: CreateApiTokenBody,
): Promise<CreatedApiToken> {
  return api.post(`/organizations/${organizationId}/api-tokens`, {
    body,
    schema: createdApiTokenSchema,
  });
}

/** Mutation hook; refreshes the organization's token list. */
export function useCreateApiToken(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => createApiToken(organizationId, body),
    meta: { silent: true },
    onSuccess: () =>
      client.invalidateQueries({ queryKey: organizationKeys.apiTokens(organizationId) }),
    onError: (error) => {
      // Field errors are shown on the form's fields.
      if (isApiError(error) && Object.keys(error.fieldErrors()).length > 0) return;
      toast.error(
        isApiError(error) && error.fromServer ? error.message : apiTokensText.createFailed,
      );
    },
  });
}
