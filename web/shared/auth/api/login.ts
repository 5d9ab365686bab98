/**
 * POST /auth (000 §7 'Session and users'): email and password in, the token and the user fields
 * out. A 400/401 here must not clear storage or redirect (000 §8 applies to the other calls).
 */
import { messages, type LoginAnswer, type LoginBody } from '@practica/contract';
import { api, isApiError } from '../../lib/api-client';
import { loadAuthSchemas } from '../lazy-schemas';

/** Sends the credentials; resolves with the login answer (validated by `loginAnswerSchema`). */
export async function login(body: LoginBody): Promise<LoginAnswer> {
  const { loginAnswerSchema } = await loadAuthSchemas();
  return api.post('/auth', { body, schema: loginAnswerSchema, skipAuthRedirect: true });
}

/**
 * The toast text of a failed sign-in (000 §8): the server's message as given;
 * `messages.invalidUsernameOrPassword` for a 400 without one; `messages.unableToConnect` when
 * there is no error body or the call threw.
 */
export function loginErrorText(error: unknown): string {
  if (isApiError(error) && error.kind === 'http') {
    if (error.fromServer) return error.message;
    if (error.status === 400) return messages.invalidUsernameOrPassword;
  }
  return messages.unableToConnect;
}
