/**
 * PUT /users/validate-email/{token} (000 §2.11, §7): completes an email change from the emailed
 * link. Run once per token as a query, so a re-render or React's StrictMode double mount never
 * spends the single-use token twice.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** Confirms the email change carried by `token`. */
export async function validateEmail(token: string): Promise<true> {
  await api.put(`/users/validate-email/${encodeURIComponent(token)}`, { skipAuthRedirect: true });
  return true;
}

/** Query options: never refetched, never retried; the page shows the failure itself. */
export function validateEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: userKeys.emailUpdate(token),
    queryFn: () => validateEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    meta: { silent: true },
  });
}

/** The confirmation's state. */
export function useValidateEmail(token: string) {
  return useQuery(validateEmailQueryOptions(token));
}
