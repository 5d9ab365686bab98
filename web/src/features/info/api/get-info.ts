/**
 * GET /info (000 §3 'System info', §7; decisions.md#console-details): the version, the two store
 * links (cached in local storage under the spec's keys, 000 §9) and the marketing page URL.
 */
import { infoSchema, type Info } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { infoKey } from '../../../lib/query-keys';
import { readLocal, writeLocal } from '@shared/lib/storage';

/** Fetches the system info and caches the store links. */
export async function getInfo(signal?: AbortSignal): Promise<Info> {
  const info = await api.get('/info', { schema: infoSchema, signal });
  writeLocal('iosLink', info.iosLink);
  writeLocal('androidLink', info.androidLink);
  return info;
}

/** Query options of the system info; it rarely changes. */
export function infoQueryOptions() {
  return queryOptions({
    queryKey: infoKey,
    queryFn: ({ signal }) => getInfo(signal),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
}

/** The system info. Errors are not toasted: the pages fall back to cached or bundled values. */
export function useInfo() {
  return useQuery(infoQueryOptions());
}

export interface StoreLinks {
  iosLink: string | null;
  androidLink: string | null;
}

/** The store links cached by an earlier info call (000 §1). */
export function cachedStoreLinks(): StoreLinks {
  return { iosLink: readLocal('iosLink'), androidLink: readLocal('androidLink') };
}
