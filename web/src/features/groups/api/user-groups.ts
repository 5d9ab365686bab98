/**
 * GET and PUT /users/{id}/groups (000 §2.10 groups tab, §7): a user's groups, and saving exactly
 * the chosen ones (`messages.userGroupsSaved`; on failure the server's message, else
 * `messages.failedToSaveUserGroups`, 000 §8).
 */
import { groupSchema, messages } from '@practica/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { groupKeys, organizationKeys, userKeys } from '../../../lib/query-keys';

/** Fetches a user's groups. */
export function listUserGroups(userId: number, signal?: AbortSignal) {
  return api.list(`/users/${userId}/groups`, undefined, { row: groupSchema, signal });
}

/** Query options of a user's groups. */
export function userGroupsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: userKeys.groups(userId),
    queryFn: ({ signal }) => listUserGroups(userId, signal),
  });
}

/** A user's groups. */
export function useUserGroups(userId: number) {
  return useQuery(userGroupsQueryOptions(userId));
}

/** Saves a user's groups. */
export function saveUserGroups(userId: number, ids: readonly number[]) {
  return api.put(`/users/${userId}/groups`, { body: { ids } });
}

/** Mutation hook with 000 §8's texts. */
export function useSaveUserGroups(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => saveUserGroups(userId, ids),
    meta: { silent: true },
    onSuccess: async () => {
      toast.success(messages.userGroupsSaved);
      // The user's groups, and the user detail that may embed them.
      await client.invalidateQueries({ queryKey: userKeys.all });
      await client.invalidateQueries({ queryKey: groupKeys.all });
      await client.invalidateQueries({ queryKey: organizationKeys.all });
    },
    onError: (error) => {
      toast.error(
        isApiError(error) && error.fromServer ? error.message : messages.failedToSaveUserGroups,
      );
    },
  });
}
