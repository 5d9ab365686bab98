/**
 * POST /invites/accept (000 §2.7, §7): registers from an invite with first name, last name, the
 * invite's email, the token and a password; answers a session (token and user, like sign-in).
 */
import { loginAnswerSchema, type InviteAcceptBody, type LoginAnswer } from '@practica/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';

/** Accepts an invite. */
export function acceptInvite(body: InviteAcceptBody): Promise<LoginAnswer> {
  return api.post('/invites/accept', { body, schema: loginAnswerSchema, skipAuthRedirect: true });
}

/** Mutation hook; the server's message (e.g. an expired invite) shows as given. */
export function useAcceptInvite() {
  return useMutation({ mutationFn: acceptInvite });
}
