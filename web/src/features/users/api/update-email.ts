/**
 * PUT /users/{id}/update-email (000 §7, §5): the new address receives a confirmation link; the
 * email changes when it is followed (/email-update).
 */
import type { UpdateEmailBody } from '@practica/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';

export interface UpdateEmailInput {
  id: number;
  body: UpdateEmailBody;
}

/** Asks for an email change. */
export async function updateEmail({ id, body }: UpdateEmailInput): Promise<void> {
  await api.put(`/users/${id}/update-email`, { body });
}

/** Mutation hook; the form shows `messages.failedToUpdateEmail` or the server's text itself. */
export function useUpdateEmail() {
  return useMutation({ mutationFn: updateEmail, meta: { silent: true } });
}
