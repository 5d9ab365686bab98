/**
 * 000 §8: 'Server error messages are shown as given; otherwise the fallbacks apply.' The text of
 * a failed users call: the server's message, the connection message when no answer came, else the
 * screen's fallback (e.g. `messages.failedToDeleteUser`).
 */
import { isApiError } from '@shared/lib/api-client';

/** The toast text of a failed call with a fallback of its own. */
export function failureText(error: unknown, fallback: string): string {
  if (
    isApiError(error) &&
    (error.fromServer || error.kind === 'network' || error.kind === 'timeout')
  ) {
    return error.message;
  }
  return fallback;
}
