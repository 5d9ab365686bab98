/**
 * GET /invites/{token} without a session (000 §2.7 invite registration): the pending invite as the
 * registration page shows it. The page shows the failure itself (then goes to login), so the
 * global toast is silenced.
 */
import { invitePublicSchema, type InvitePublic } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { inviteKeys } from '../../../lib/query-keys';

/** Fetches the invite of a registration token. */
export function getPublicInvite(token: string, signal?: AbortSignal): Promise<InvitePublic> {
  return api.get(`/invites/${encodeURIComponent(token)}`, {
    schema: invitePublicSchema,
    signal,
    skipAuthRedirect: true,
  });
}

/** Query options of the registration page's invite. */
export function publicInviteQueryOptions(token: string) {
  return queryOptions({
    queryKey: inviteKeys.public(token),
    queryFn: ({ signal }) => getPublicInvite(token, signal),
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
  });
}

/** The invite of a registration token. */
export function usePublicInvite(token: string) {
  return useQuery(publicInviteQueryOptions(token));
}
