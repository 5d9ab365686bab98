/**
 * DELETE /organizations/{id}/api-tokens/{tokenId} (decisions.md#api-tokens): revokes a token; the
 * systems using it are refused from then on.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { apiTokensText } from '../../../config/api-tokens-text';
import { organizationKeys } from '../../../lib/query-keys';

/** Revokes the token `tokenId` of the organization. */
export async function revokeApiToken(organizationId: number, tokenId: number): Promise<void> {
  await api.delete(`/organizations/${organizationId}/api-tokens/${tokenId}`);
}

/** Mutation hook; toasts the outcome and refreshes the list. */
export function useRevokeApiToken(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => revokeApiToken(organizationId, tokenId),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(apiTokensText.revoked);
      return client.invalidateQueries({ queryKey: organizationKeys.apiTokens(organizationId) });
    },
    onError: (error) => {
      toast.error(
        isApiError(error) && error.fromServer ? error.message : apiTokensText.revokeFailed,
      );
    },
  });
}
