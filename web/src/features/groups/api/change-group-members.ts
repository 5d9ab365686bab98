/**
 * PUT /groups/{id}/add and PUT /groups/{id}/remove with body ids (000 §2.6, §7): the Add members
 * dialog saves both; the remove icon takes one member off, with `format.removedUserFromGroup`, or
 * on failure the server's message, else `format.failedToRemoveUserFromGroup` (000 §8).
 */
import { format, groupSchema, type Group } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { groupKeys, organizationKeys } from '../../../lib/query-keys';

/** Adds members to a group. */
export function addGroupMembers(id: number, ids: readonly number[]): Promise<Group> {
  return api.put(`/groups/${id}/add`, { body: { ids }, schema: groupSchema });
}

/** Removes members from a group. */
export function removeGroupMembers(id: number, ids: readonly number[]): Promise<Group> {
  return api.put(`/groups/${id}/remove`, { body: { ids }, schema: groupSchema });
}

async function refresh(client: ReturnType<typeof useQueryClient>, id: number) {
  await client.invalidateQueries({ queryKey: groupKeys.all });
  await client.invalidateQueries({ queryKey: organizationKeys.all });
  await client.invalidateQueries({ queryKey: groupKeys.detail(id) });
}

/** The Add members dialog's save: adds, then removes. */
export function useSetGroupMembers(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, remove }: { add: number[]; remove: number[] }) => {
      if (add.length > 0) await addGroupMembers(id, add);
      if (remove.length > 0) await removeGroupMembers(id, remove);
    },
    onSettled: () => refresh(client, id),
  });
}

/** The remove icon of one member (000 §2.6, §8 messages with the group's name). */
export function useRemoveGroupMember(group: { id: number; name: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeGroupMembers(group.id, [userId]),
    meta: { silent: true },
    onSuccess: async () => {
      toast.success(format.removedUserFromGroup(group.name));
      await refresh(client, group.id);
    },
    onError: (error) => {
      toast.error(
        isApiError(error) && error.fromServer
          ? error.message
          : format.failedToRemoveUserFromGroup(group.name),
      );
    },
  });
}
