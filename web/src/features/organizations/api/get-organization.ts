/**
 * GET /organizations/{id} (000 §7): the organization with the counts of its stat cards and member
 * tabs and its seat usage (decisions.md: active trainees + pending trainee invites).
 */
import { organizationDetailSchema } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Fetches one organization. */
export function getOrganization(id: number, signal?: AbortSignal) {
  return api.get(`/organizations/${id}`, { schema: organizationDetailSchema, signal });
}

/**
 * Query options of one organization. `silent` leaves the error to the screen (the invites screen
 * shows its own fallback and goes back, 000 §2.7).
 */
export function organizationQueryOptions(id: number, options: { silent?: boolean } = {}) {
  return queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => getOrganization(id, signal),
    meta: { silent: options.silent ?? false },
  });
}

/** One organization; disabled while `id` is not known. */
export function useOrganization(id: number | null | undefined, options: { silent?: boolean } = {}) {
  return useQuery({
    ...organizationQueryOptions(id ?? 0, options),
    enabled: typeof id === 'number' && id > 0,
  });
}
