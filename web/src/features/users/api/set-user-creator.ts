/**
 * PUT /users/{id}/enable-creator and /disable-creator (000 §4, §7; never for trainees). A 409
 * 'No creator seats left' (decisions.md) is toasted by the card with the server's text.
 */
import { userSchema, type User } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { applyUserChange } from './user-cache';

export interface SetUserCreatorInput {
  id: number;
  creator: boolean;
}

/** Gives or removes the creator flag. */
export function setUserCreator({ id, creator }: SetUserCreatorInput): Promise<User> {
  return api.put(`/users/${id}/${creator ? 'enable-creator' : 'disable-creator'}`, {
    schema: userSchema,
  });
}

/** Mutation hook. */
export function useSetUserCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserCreator,
    meta: { silent: true },
    onSuccess: (user) => applyUserChange(queryClient, user),
  });
}
