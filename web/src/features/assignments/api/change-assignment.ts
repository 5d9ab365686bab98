/**
 * Assignment writes (001 §7): POST/PUT/DELETE /assignments/interview, PUT /assignments/{id}/status,
 * PUT /assignments/{id}/add|remove; each with the spec's default success and failure texts (§8).
 * Each is `silent` for the global error toast: its own failure toast replaces it.
 */
import {
  assignmentDetailSchema,
  assignmentStatusLabels,
  format,
  messages,
  type AssignmentStatusId,
  type CreateInterviewAssignmentBody,
  type UpdateInterviewAssignmentBody,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { assignmentKeys, auditKeys } from '../../../lib/query-keys';

/** The server's text when it sent one, otherwise the spec's fallback. */
function failure(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer ? error.message : fallback;
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: assignmentKeys.all });
}

/** POST /assignments/interview; resolves to the created assignment's detail. */
export function useCreateAssignment() {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateInterviewAssignmentBody) =>
      api.post('/assignments/interview', { body, schema: assignmentDetailSchema }),
    onSuccess: () => {
      toast.success(messages.interviewAssignmentCreated);
      void invalidate();
    },
    onError: (error) => toast.error(failure(error, messages.failedToSaveAssignment)),
  });
}

/** PUT /assignments/interview/{id}. */
export function useUpdateAssignment(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateInterviewAssignmentBody) =>
      api.put<undefined>(`/assignments/interview/${id}`, { body }),
    onSuccess: () => {
      toast.success(messages.interviewAssignmentUpdated);
      void invalidate();
    },
    onError: (error) => toast.error(failure(error, messages.failedToSaveAssignment)),
  });
}

/** DELETE /assignments/interview/{id}. */
export function useDeleteAssignment(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => api.delete<undefined>(`/assignments/interview/${id}`),
    onSuccess: () => {
      toast.success(messages.assignmentDeleted);
      void invalidate();
    },
    onError: (error) => toast.error(failure(error, messages.failedToDeleteAssignment)),
  });
}

/** PUT /assignments/{id}/status?statusId=; the assignment's Activity shows the change at once. */
export function useSetAssignmentStatus(id: number) {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (statusId: AssignmentStatusId) =>
      api.put<undefined>(`/assignments/${id}/status`, { query: { statusId } }),
    onSuccess: (_data, statusId) => {
      toast.success(format.assignmentStatusUpdatedTo(assignmentStatusLabels[statusId]));
      void invalidate();
      void client.invalidateQueries({ queryKey: auditKeys.assignment(id) });
    },
    onError: (error) => toast.error(failure(error, messages.failedToUpdateAssignmentStatus)),
  });
}

/** PUT /assignments/{id}/add with user ids and group ids. */
export function useAddAssignmentMembers(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { ids: number[]; groupIds?: number[] }) =>
      api.put<undefined>(`/assignments/${id}/add`, { body }),
    onSuccess: () => {
      toast.success(messages.assignmentTraineesSaved);
      void invalidate();
    },
    onError: (error) => toast.error(failure(error, messages.failedToSaveTraineeAssignments)),
  });
}

/** PUT /assignments/{id}/remove with user ids. */
export function useRemoveAssignmentMembers(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { silent: true },
    mutationFn: (ids: number[]) =>
      api.put<undefined>(`/assignments/${id}/remove`, { body: { ids } }),
    onSuccess: () => {
      toast.success(messages.traineeRemoved);
      void invalidate();
    },
    onError: (error) => toast.error(failure(error, messages.failedToRemoveUser)),
  });
}
