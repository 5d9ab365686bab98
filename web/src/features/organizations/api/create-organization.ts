/** POST /organizations (000 §2.9, §7): the contact form plus seats (`messages.organizationCreated`). */
import {
  organizationDetailSchema,
  type CreateOrganizationBody,
  type OrganizationDetail,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Creates an organization. */
export function createOrganization(body: CreateOrganizationBody): Promise<OrganizationDetail> {
  return api.post('/organizations', { body, schema: organizationDetailSchema });
}

/** Mutation hook; refreshes the organizations list. */
export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: (created) => {
      client.setQueryData(organizationKeys.detail(created.id), created);
      return client.invalidateQueries({ queryKey: organizationKeys.lists() });
    },
  });
}
