/**
 * GET /invites/{id}/resend (000 §2.7, §7; decisions.md): mails the link again and renews the
 * expiry to 7 days from now.
 */
import { inviteItemSchema, type InviteItem } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Re-sends an invite. */
export function resendInvite(id: number): Promise<InviteItem> {
  return api.get(`/invites/${id}/resend`, { schema: inviteItemSchema });
}

/** Mutation hook for the invites of one organization. */
export function useResendInvite(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    onSuccess: () =>
      client.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) }),
  });
}
