/**
 * PUT /users/{id} (000 §7): names, phone, image id and optionally a new password. When the
 * signed-in user changed its own password the answer carries a fresh token (the old one stops
 * working), which replaces the stored one.
 */
import { userSchema, type UpdateUserBody, type User } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@shared/lib/api-client';
import { applyUserChange } from './user-cache';

const userWithTokenSchema = userSchema.extend({ token: z.string().optional() });

export interface UpdateUserInput {
  id: number;
  body: UpdateUserBody;
}

/** Saves the profile fields of one user. */
export function updateUser({ id, body }: UpdateUserInput): Promise<User & { token?: string }> {
  return api.put(`/users/${id}`, { body: { id, ...body }, schema: userWithTokenSchema });
}

/** Mutation hook; the form reports failures itself. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    meta: { silent: true },
    onSuccess: ({ token, ...user }) => applyUserChange(queryClient, user, token),
  });
}
