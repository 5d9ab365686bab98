/**
 * PUT /users/{id}/activate and /deactivate (000 §4, §7). The card toasts a failure: the server's
 * message or the generic fallback.
 */
import { userSchema, type User } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { applyUserChange } from './user-cache';

export interface SetUserActiveInput {
  id: number;
  active: boolean;
}

/** Activates or deactivates a user. */
export function setUserActive({ id, active }: SetUserActiveInput): Promise<User> {
  return api.put(`/users/${id}/${active ? 'activate' : 'deactivate'}`, { schema: userSchema });
}

/** Mutation hook. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    meta: { silent: true },
    onSuccess: (user) => applyUserChange(queryClient, user),
  });
}
