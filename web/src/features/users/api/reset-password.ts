/**
 * PUT /users/reset-password/{token} (000 §2.11, §7): sets a new password from the emailed link.
 */
import type { ResetPasswordBody } from '@practica/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';

export interface ResetPasswordInput {
  token: string;
  body: ResetPasswordBody;
}

/** Sets the new password. */
export async function resetPassword({ token, body }: ResetPasswordInput): Promise<void> {
  await api.put(`/users/reset-password/${encodeURIComponent(token)}`, {
    body,
    skipAuthRedirect: true,
  });
}

/** Mutation hook; the page shows success or failure itself. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { silent: true } });
}
