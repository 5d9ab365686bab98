/**
 * POST /assets/{type} and PUT /assets/{id} (001 §7): name, description and image of an avatar or
 * environment (messages.assetCreated, messages.assetUpdated, 001 §8).
 */
import { assetSchema, type Asset, type AssetForm, type AssetTypeId } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assetKeys } from '../../../lib/query-keys';

/** Creates a general asset of a kind. */
export function createAsset(typeId: AssetTypeId, body: AssetForm): Promise<Asset> {
  return api.post(`/assets/${typeId}`, { body, schema: assetSchema });
}

/** Updates an asset's name, description and image. */
export function updateAsset(id: number, body: AssetForm): Promise<Asset> {
  return api.put(`/assets/${id}`, { body, schema: assetSchema });
}

/** Mutation hook: creates when `id` is absent, else updates. */
export function useSaveAsset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      typeId,
      body,
    }: {
      id?: number | undefined;
      typeId: AssetTypeId;
      body: AssetForm;
    }) => (id ? updateAsset(id, body) : createAsset(typeId, body)),
    meta: { silent: true },
    onSuccess: async (saved) => {
      client.setQueryData(assetKeys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: assetKeys.all });
    },
  });
}
