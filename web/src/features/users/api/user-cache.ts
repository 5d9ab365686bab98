/**
 * What every user write does afterwards: the answered user replaces the cached one, the lists
 * refetch, and when the user is the signed-in one, the stored session follows (000 §2.4: the top
 * bar shows the new name and avatar; a fresh token replaces the old one after a password change).
 */
import type { User } from '@practica/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getAuth, signIn, updateUser } from '../../../lib/auth';
import { userKeys } from '../../../lib/query-keys';

/** Mirrors a changed user into the stored session when it is the signed-in user. */
export function syncSession(user: User, token?: string): void {
  const current = getAuth().user;
  if (!current || current.id !== user.id) return;
  const next = {
    ...current,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    creator: user.creator,
    imageUrl: user.image?.url ?? null,
  };
  if (token) signIn({ ...next, token });
  else updateUser(next);
}

/** Stores a changed user in the cache, refreshes the lists and the session. */
export function applyUserChange(queryClient: QueryClient, user: User, token?: string): void {
  queryClient.setQueryData(userKeys.detail(user.id), user);
  void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  syncSession(user, token);
}
