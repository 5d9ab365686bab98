/**
 * GET /auth/session (ours, server/src/modules/auth/routes.ts): re-reads the signed-in user while the
 * console is open, so the stored session (000 §3 'Logged-in user') keeps a fresh profile image URL:
 * file URLs are signed and expire (operations.md 'File URLs and upload volume'), and the one stored at sign-in stops loading
 * after about an hour.
 */
import { sessionUserSchema, type SessionUser } from '@practica/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@shared/lib/api-client';
import { getAuth, updateUser } from '../../../lib/auth';
import { sessionKey } from '../../../lib/query-keys';
import { toSessionUser } from '@shared/lib/session-user';

/** How often the shell re-reads the session, in ms: well inside a file URL's shortest life (60 min). */
export const sessionRefreshMs = 15 * 60_000;

/** Fetches the signed-in user. A 401 signs out as every call does (000 §8). */
export function getSession(signal?: AbortSignal): Promise<SessionUser> {
  return api.get('/auth/session', { schema: sessionUserSchema, signal });
}

/**
 * Keeps the stored session user in step with the server: on mount, every
 * {@link sessionRefreshMs} and when the window regains focus after that long. Renders nothing.
 */
export function useSessionRefresh(): void {
  const { data } = useQuery({
    queryKey: sessionKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: sessionRefreshMs,
    refetchInterval: sessionRefreshMs,
    meta: { silent: true },
  });
  useEffect(() => {
    const user = data ? toSessionUser(data) : null;
    const current = getAuth().user;
    if (!user || !current || current.id !== user.id) return;
    if (JSON.stringify(user) !== JSON.stringify(current)) updateUser(user);
  }, [data]);
}
