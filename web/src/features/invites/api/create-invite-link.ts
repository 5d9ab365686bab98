/**
 * POST /invites/{id}/link (000 §2.7 copy link): the server keeps only token hashes, so each copy
 * asks for a fresh token, which replaces the invite's earlier links (one live link, the newest:
 * a link copied or mailed before stops working). The console builds the link itself: the
 * registration path with the token on the current host.
 */
import { inviteLinkSchema, type InviteLink } from '@practica/contract';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@shared/config/paths';
import { api } from '@shared/lib/api-client';

/** Asks for a fresh registration token of an invite. */
export function createInviteLink(id: number): Promise<InviteLink> {
  return api.post(`/invites/${id}/link`, { schema: inviteLinkSchema });
}

/** 000 §2.7: the registration link of `token` on the current host. */
export function registrationLink(token: string, origin: string = window.location.origin): string {
  return `${origin}${paths.inviteRegistration(token)}`;
}

/** Mutation hook: resolves with the link to copy. */
export function useInviteLink() {
  return useMutation({
    mutationFn: async (id: number) => registrationLink((await createInviteLink(id)).token),
  });
}
