/**
 * GET /assets?typeId=1 (001 §7): the avatars the viewer may use, for the roles of an interview and
 * the audio rows of a question (fallback of the assets feature's picker: a plain select).
 */
import { AssetType, assetSchema } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { contentKeys } from '../../../lib/query-keys';

/** Fetches every avatar available to the viewer. */
export function listAvatars(signal?: AbortSignal) {
  return api.list('/assets', { typeId: AssetType.Avatar }, { row: assetSchema, signal });
}

/** Query options of the avatars. */
export function avatarsQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.avatars(),
    queryFn: ({ signal }) => listAvatars(signal),
    staleTime: 5 * 60_000,
  });
}

/** The avatars available to the viewer. */
export function useAvatars() {
  return useQuery(avatarsQueryOptions());
}
