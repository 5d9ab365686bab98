/**
 * The only path from asset rows to the wire (001 §3 'Asset').
 */
import type { Asset, AssetTypeId } from '@practica/contract';
import type { FileUrls } from '../files/index.js';
import type { AssetRow } from './repository.js';

/**
 * Maps an asset row to the API's asset. `organizationIds`: the organizations it was added to, as
 * the viewer may see them (the service filters them for non-admins). The image URL is signed with
 * `urls`.
 */
export function presentAsset(
  urls: FileUrls,
  row: AssetRow,
  organizationIds: readonly number[],
): Asset {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    assetTypeId: row.assetTypeId as AssetTypeId,
    image:
      row.imageId !== null && row.imageKey
        ? { id: row.imageId, url: urls.sign(row.imageKey) }
        : null,
    imageId: row.imageId,
    organizationId: row.organizationId,
    organizationIds: [...organizationIds],
    createdBy:
      row.createdById !== null
        ? {
            id: row.createdById,
            firstName: row.createdByFirstName ?? '',
            lastName: row.createdByLastName ?? '',
          }
        : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
