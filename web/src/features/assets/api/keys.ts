/**
 * Query keys of the /assets calls (001 §7). Every write refreshes `['assets']`, which also holds
 * the organizations' asset lists.
 */
import type { AssetTypeId, PageSize } from '@practica/contract';

export const assetKeys = {
  all: ['assets'] as const,
  list: (typeId: AssetTypeId, paging?: { page: number; pageSize: PageSize }) =>
    ['assets', 'list', typeId, paging ?? 'all'] as const,
  detail: (id: number) => ['assets', id] as const,
  ofOrganization: (organizationId: number, typeId: AssetTypeId) =>
    ['assets', 'organization', organizationId, typeId] as const,
};
