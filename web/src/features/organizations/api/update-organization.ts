/**
 * PUT /organizations/{id} (000 §2.9, §7): name, address and image; the contact is editable only at
 * creation (`messages.organizationUpdated`).
 */
import {
  organizationDetailSchema,
  type OrganizationDetail,
  type UpdateOrganizationBody,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Updates an organization. */
export function updateOrganization(
  id: number,
  body: UpdateOrganizationBody,
): Promise<OrganizationDetail> {
  return api.put(`/organizations/${id}`, { body, schema: organizationDetailSchema });
}

/** Mutation hook for one organization. */
export function useUpdateOrganization(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationBody) => updateOrganization(id, body),
    onSuccess: (updated) => {
      client.setQueryData(organizationKeys.detail(id), updated);
      return client.invalidateQueries({ queryKey: organizationKeys.lists() });
    },
  });
}
