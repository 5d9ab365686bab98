/** PUT /users/{id}/restore (000 §4, §7): brings a soft-deleted user back (admin only). */
import { userSchema, type User } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { applyUserChange } from './user-cache';

/** Restores a soft-deleted user. */
export function restoreUser(id: number): Promise<User> {
  return api.put(`/users/${id}/restore`, { schema: userSchema });
}

/** Mutation hook; callers toast `messages.failedToRestoreUser` or the server's text. */
export function useRestoreUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUser,
    meta: { silent: true },
    onSuccess: (user) => applyUserChange(queryClient, user),
  });
}
