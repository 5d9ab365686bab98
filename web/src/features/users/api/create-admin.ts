/**
 * POST /users?roleId=4 (000 §2.9 'Add Admin', §7): first name, last name and email. The new admin
 * receives a link to choose a password. A taken email answers 409 with the server's message.
 */
import { Role, userSchema, type AddAdminBody, type User } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** Creates an admin. */
export function createAdmin(body: AddAdminBody): Promise<User> {
  return api.post('/users', { query: { roleId: Role.Admin }, body, schema: userSchema });
}

/** Mutation hook; the modal toasts `messages.failedToCreateAdmin` or the server's text. */
export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
