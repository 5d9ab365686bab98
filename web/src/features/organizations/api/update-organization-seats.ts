/**
 * PUT /organizations/{id}/seats (000 §2.9, §5, §7): trainee and creator seats, 0..10000 each.
 * On failure the toast shows the server's message, else `messages.failedToUpdateOrganizationSeats`
 * (000 §8); the form shows the success toast.
 */
import {
  messages,
  organizationDetailSchema,
  type OrganizationDetail,
  type OrganizationSeatsBody,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { organizationKeys } from '../../../lib/query-keys';

/** Sets the seats of an organization. */
export function updateOrganizationSeats(
  id: number,
  body: OrganizationSeatsBody,
): Promise<OrganizationDetail> {
  return api.put(`/organizations/${id}/seats`, { body, schema: organizationDetailSchema });
}

/** Mutation hook; the toast texts are 000 §8's. */
export function useUpdateOrganizationSeats(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationSeatsBody) => updateOrganizationSeats(id, body),
    meta: { silent: true },
    onSuccess: (updated) => {
      client.setQueryData(organizationKeys.detail(id), updated);
      return client.invalidateQueries({ queryKey: organizationKeys.lists() });
    },
    onError: (error) => {
      toast.error(
        isApiError(error) && error.fromServer
          ? error.message
          : messages.failedToUpdateOrganizationSeats,
      );
    },
  });
}
