/**
 * The user detail's assignments tab (000 §2.10): the assignments a user takes part in
 * (GET /assignments?userId=, each row with the user's answer), the organization's open
 * assignments the picker offers (GET /assignments?organizationId=&status=1,2,3) and saving exactly
 * the chosen ones (PUT /users/{id}/assignments: messages.traineeAssignmentsSaved; on failure the
 * server's message, else messages.failedToSaveTraineeAssignments, 001 §8).
 */
import {
  AssignmentStatus,
  assignmentListSchema,
  listSchema,
  assignmentListItemSchema,
  messages,
  pageSizeOptions,
} from '@practica/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { assignmentKeys } from '../../../lib/query-keys';

/** The largest page: a user's assignments and an organization's open ones fit in it. */
const wholeList = { page: 1, pageSize: pageSizeOptions[2] };

/** The statuses a membership may still change in (Closed ones are kept as they are). */
export const openAssignmentStatuses = [
  AssignmentStatus.Draft,
  AssignmentStatus.Planned,
  AssignmentStatus.Active,
] as const;

/** Fetches the assignments a user takes part in, with the user's answer on each. */
export function listUserAssignments(userId: number, signal?: AbortSignal) {
  return api.get('/assignments', {
    query: { userId, ...wholeList },
    schema: assignmentListSchema,
    signal,
  });
}

/** Query options of a user's assignments. */
export function userAssignmentsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: assignmentKeys.ofUser(userId),
    queryFn: ({ signal }) => listUserAssignments(userId, signal),
  });
}

/** A user's assignments. */
export function useUserAssignments(userId: number) {
  return useQuery({ ...userAssignmentsQueryOptions(userId), enabled: userId > 0 });
}

/** Fetches the organization's assignments that are not Closed. */
export function listOpenAssignments(organizationId: number, signal?: AbortSignal) {
  return api.get('/assignments', {
    query: { organizationId, status: openAssignmentStatuses.join(','), ...wholeList },
    schema: assignmentListSchema,
    signal,
  });
}

/** Query options of the organization's open assignments. */
export function openAssignmentsQueryOptions(organizationId: number) {
  return queryOptions({
    queryKey: assignmentKeys.open(organizationId),
    queryFn: ({ signal }) => listOpenAssignments(organizationId, signal),
  });
}

/** The organization's open assignments (the picker's left column); idle while `enabled` is false. */
export function useOpenAssignments(organizationId: number, enabled: boolean) {
  return useQuery({ ...openAssignmentsQueryOptions(organizationId), enabled });
}

/** Saves exactly `ids` as the user's open assignments. */
export function saveUserAssignments(userId: number, ids: readonly number[]) {
  return api.put(`/users/${userId}/assignments`, {
    body: { ids },
    schema: listSchema(assignmentListItemSchema),
  });
}

/** Mutation hook with 001 §8's texts. */
export function useSaveUserAssignments(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => saveUserAssignments(userId, ids),
    meta: { silent: true },
    onSuccess: async () => {
      toast.success(messages.traineeAssignmentsSaved);
      await client.invalidateQueries({ queryKey: assignmentKeys.all });
    },
    onError: (error) => {
      toast.error(
        isApiError(error) && error.fromServer
          ? error.message
          : messages.failedToSaveTraineeAssignments,
      );
    },
  });
}
