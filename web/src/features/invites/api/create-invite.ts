/**
 * POST /invites (000 §2.7, §7): invites a person by email; the answer carries the link token.
 * A trainee invite without a free seat answers 409 with `messages.noTraineeSeatsLeft`, shown as given.
 */
import { inviteItemSchema, type InviteBody, type InviteItem } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Creates an invite. */
export function createInvite(body: InviteBody): Promise<InviteItem> {
  return api.post('/invites', { body, schema: inviteItemSchema });
}

/** Mutation hook; refreshes the organization (seat usage, invite counts, the invites list). */
export function useCreateInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: (invite) =>
      client.invalidateQueries({ queryKey: organizationKeys.detail(invite.organizationId) }),
  });
}
