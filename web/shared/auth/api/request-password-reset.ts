/**
 * PUT /auth/reset-password?email= (000 §7; decisions.md: answers success whether or not the
 * address exists).
 */
import { messages, type ResetRequest } from '@practica/contract';
import { api, isApiError } from '../../lib/api-client';

/** Asks the server to email a password-reset link. */
export async function requestPasswordReset({ email }: ResetRequest): Promise<void> {
  await api.put('/auth/reset-password', { query: { email }, skipAuthRedirect: true });
}

/** 000 §8: the server's message as given, else `messages.unexpectedErrorTryAgain`. */
export function resetErrorText(error: unknown): string {
  if (isApiError(error) && error.fromServer) return error.message;
  return messages.unexpectedErrorTryAgain;
}
