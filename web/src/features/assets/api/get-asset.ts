/** GET /assets/{id} (001 §7): one avatar or environment, for its edit page. */
import { assetSchema, type Asset } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assetKeys } from '../../../lib/query-keys';

/** Fetches one asset. */
export function getAsset(id: number, signal?: AbortSignal): Promise<Asset> {
  return api.get(`/assets/${id}`, { schema: assetSchema, signal });
}

/** Query options of one asset. */
export function assetQueryOptions(id: number) {
  return queryOptions({
    queryKey: assetKeys.detail(id),
    queryFn: ({ signal }) => getAsset(id, signal),
  });
}

/** One asset; disabled while `id` is null. The page navigates back when it fails (001 §8). */
export function useAsset(id: number | null) {
  return useQuery({
    ...assetQueryOptions(id ?? 0),
    enabled: id !== null,
    meta: { silent: true },
  });
}
