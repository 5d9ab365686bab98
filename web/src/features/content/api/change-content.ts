/**
 * The content state machine's calls (001 §4, §7, §8): PUT /contents/{id}/status?statusId=,
 * DELETE /interviews/{id} or /questionnaires/{id} (Draft only), and the admin's
 * PUT /contents/{id}/add|remove/{organizationId}. Success toasts the server's message (or the
 * spec's default); failures toast the server's message or the spec's fallback.
 */
import {
  contentAddedMessage,
  contentListItemSchema,
  contentRemovedMessage,
  contentSchema,
  ContentType,
  messages,
  type Content,
  type ContentTypeId,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { assignmentKeys, contentKeys } from '../../../lib/query-keys';

/** The server's text when it sent one, else `fallback` (001 §8). */
function failure(error: unknown, fallback: string): string {
  return isApiError(error) && (error.fromServer || error.kind !== 'http')
    ? error.message
    : fallback;
}

/**
 * Changes the status of a content item (001 §4); `reason` (decisions.md#console-flows §7) goes with 'Return draft'
 * (Review → Draft) as the body `{reason}`, shown to the creator.
 */
export function changeContentStatus(
  id: number,
  statusId: number,
  reason?: string | null,
): Promise<Content> {
  return api.put(`/contents/${id}/status`, {
    query: { statusId },
    ...(reason ? { body: { reason } } : {}),
    schema: contentSchema,
  });
}

/** Mutation of a status change; toasts messages.contentStatusUpdated or the failure. */
export function useChangeContentStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, statusId, reason }: { id: number; statusId: number; reason?: string }) =>
      changeContentStatus(id, statusId, reason),
    meta: { silent: true },
    onSuccess: async () => {
      toast.success(messages.contentStatusUpdated);
      await Promise.all([
        client.invalidateQueries({ queryKey: contentKeys.all }),
        // The dashboard's count of items awaiting approval (decisions.md#console-flows §7).
        client.invalidateQueries({ queryKey: assignmentKeys.dashboard() }),
      ]);
    },
    onError: (error) => toast.error(failure(error, messages.failedToChangeStatus)),
  });
}

/** Deletes a Draft interview or evaluation (001 §4). */
export function deleteContent(id: number, contentTypeId: ContentTypeId): Promise<unknown> {
  return api.delete(
    contentTypeId === ContentType.Interview ? `/interviews/${id}` : `/questionnaires/${id}`,
  );
}

/** Mutation of the Delete action; toasts the spec's success or failure message. */
export function useDeleteContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contentTypeId }: { id: number; contentTypeId: ContentTypeId }) =>
      deleteContent(id, contentTypeId),
    meta: { silent: true },
    onSuccess: async (_data, { contentTypeId }) => {
      toast.success(
        contentTypeId === ContentType.Interview
          ? messages.interviewDeleted
          : messages.evaluationDeleted,
      );
      await client.invalidateQueries({ queryKey: contentKeys.all });
    },
    onError: (error, { contentTypeId }) =>
      toast.error(
        failure(
          error,
          contentTypeId === ContentType.Interview
            ? messages.failedToDeleteInterview
            : messages.failedToDeleteEvaluation,
        ),
      ),
  });
}

/** Adds or removes general content for an organization (admin; 001 §2, §6). */
export function setContentOrganization(id: number, organizationId: number, add: boolean) {
  return api.put(`/contents/${id}/${add ? 'add' : 'remove'}/${organizationId}`, {
    schema: contentListItemSchema,
  });
}

/** Mutation of the organization checkbox of the general list. */
export function useSetContentOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; organizationId: number; add: boolean }) =>
      setContentOrganization(v.id, v.organizationId, v.add),
    meta: { silent: true },
    onSuccess: async (item, { add }) => {
      toast.success(
        add ? contentAddedMessage(item.contentTypeId) : contentRemovedMessage(item.contentTypeId),
      );
      await client.invalidateQueries({ queryKey: contentKeys.all });
    },
    onError: (error, { add }) =>
      toast.error(
        failure(error, add ? messages.failedToAddInterview : messages.failedToRemoveInterview),
      ),
  });
}
