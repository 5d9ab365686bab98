/**
 * GET /assets?typeId= (001 §7): avatars or environments — every one for an admin, those available
 * to the organization for other staff. Paged when `paging` is given (the admin lists), the whole
 * list otherwise (the avatar picker, the organization's Assets tab).
 */
import { assetSchema, type AssetTypeId, type PageSize } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assetKeys } from '../../../lib/query-keys';

export interface AssetPaging {
  page: number;
  pageSize: PageSize;
}

/** Fetches the assets of one kind. */
export function listAssets(typeId: AssetTypeId, paging?: AssetPaging, signal?: AbortSignal) {
  return api.list('/assets', { typeId, ...paging }, { row: assetSchema, signal });
}

/** Query options of the assets of one kind. */
export function assetsQueryOptions(typeId: AssetTypeId, paging?: AssetPaging) {
  return queryOptions({
    queryKey: assetKeys.list(typeId, paging),
    queryFn: ({ signal }) => listAssets(typeId, paging, signal),
    placeholderData: keepPreviousData,
  });
}

/** The assets of one kind (one page when `paging` is given). */
export function useAssets(typeId: AssetTypeId, paging?: AssetPaging, enabled = true) {
  return useQuery({ ...assetsQueryOptions(typeId, paging), enabled });
}
