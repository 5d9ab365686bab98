/**
 * PUT /assets/{id}/add/{organizationId} and PUT /assets/{id}/remove/{organizationId} (001 §7):
 * the toggles of the organization's Assets tab ('{type} added/removed organization!', on failure
 * messages.failedToAddAsset, 001 §8).
 */
import { assetSchema, type Asset } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assetKeys } from '../../../lib/query-keys';

export interface AssetOrganizationChange {
  assetId: number;
  organizationId: number;
  added: boolean;
}

/** Adds an asset to an organization, or removes it. */
export function setAssetOrganization({
  assetId,
  organizationId,
  added,
}: AssetOrganizationChange): Promise<Asset> {
  return api.put(`/assets/${assetId}/${added ? 'add' : 'remove'}/${organizationId}`, {
    schema: assetSchema,
  });
}

/** Mutation hook; the caller toasts. */
export function useSetAssetOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAssetOrganization,
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
