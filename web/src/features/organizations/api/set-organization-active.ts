/**
 * PUT /organizations/{id}/activate and /deactivate (decisions.md: the admin toggles the active
 * flag on the organization detail page; members of an inactive organization cannot sign in).
 */
import { organizationDetailSchema, type OrganizationDetail } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Activates or deactivates an organization. */
export function setOrganizationActive(id: number, active: boolean): Promise<OrganizationDetail> {
  return api.put(`/organizations/${id}/${active ? 'activate' : 'deactivate'}`, {
    schema: organizationDetailSchema,
  });
}

/** Mutation hook for one organization. */
export function useSetOrganizationActive(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => setOrganizationActive(id, active),
    onSuccess: (updated) => {
      client.setQueryData(organizationKeys.detail(id), updated);
      return client.invalidateQueries({ queryKey: organizationKeys.lists() });
    },
  });
}
