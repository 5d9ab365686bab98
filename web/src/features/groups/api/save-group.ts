/**
 * POST /groups and PUT /groups/{id} (000 §2.6, §5, §7): the Create/Edit Group dialog's name and
 * description (`messages.groupCreated`, `messages.groupUpdated`).
 */
import { groupSchema, type CreateGroupBody, type Group, type GroupForm } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { groupKeys, organizationKeys } from '../../../lib/query-keys';

/** Creates a group in an organization. */
export function createGroup(body: CreateGroupBody): Promise<Group> {
  return api.post('/groups', { body, schema: groupSchema });
}

/** Renames or describes a group. */
export function updateGroup(id: number, body: GroupForm): Promise<Group> {
  return api.put(`/groups/${id}`, { body, schema: groupSchema });
}

/** Mutation hook: creates when `id` is absent, else updates. */
export function useSaveGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | undefined; body: CreateGroupBody }) =>
      id ? updateGroup(id, { name: body.name, description: body.description }) : createGroup(body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: groupKeys.all });
      await client.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
