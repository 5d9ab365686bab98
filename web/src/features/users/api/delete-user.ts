/**
 * PUT /users/{id}/delete (000 §4, §7): the soft delete, admin only, never admin id 1 nor oneself
 * (000 §6). The user then appears under Deleted Users and can be restored or erased.
 */
import { userSchema, type User } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { applyUserChange } from './user-cache';

/** Soft-deletes a user. */
export function deleteUser(id: number): Promise<User> {
  return api.put(`/users/${id}/delete`, { schema: userSchema });
}

/** Mutation hook; callers toast their own fallback (messages.failedToDeleteUser / messages.failedToDeleteAdmin). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    meta: { silent: true },
    onSuccess: (user) => applyUserChange(queryClient, user),
  });
}
