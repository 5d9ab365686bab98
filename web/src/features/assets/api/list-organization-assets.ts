/**
 * GET /organizations/{id}/assets?type= (001 §2 'Organization content views'): the avatars or
 * environments available to one organization (its own and the general ones added to it).
 */
import { assetSchema, type AssetTypeId } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assetKeys } from '../../../lib/query-keys';

/** Fetches the assets of one kind available to an organization. */
export function listOrganizationAssets(
  organizationId: number,
  typeId: AssetTypeId,
  signal?: AbortSignal,
) {
  return api.list(
    `/organizations/${organizationId}/assets`,
    { type: typeId },
    { row: assetSchema, signal },
  );
}

/** Query options of an organization's assets of one kind. */
export function organizationAssetsQueryOptions(organizationId: number, typeId: AssetTypeId) {
  return queryOptions({
    queryKey: assetKeys.ofOrganization(organizationId, typeId),
    queryFn: ({ signal }) => listOrganizationAssets(organizationId, typeId, signal),
  });
}

/** An organization's assets of one kind. */
export function useOrganizationAssets(organizationId: number, typeId: AssetTypeId, enabled = true) {
  return useQuery({ ...organizationAssetsQueryOptions(organizationId, typeId), enabled });
}
