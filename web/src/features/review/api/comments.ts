/**
 * Time-coded comments of an answer (decisions.md#review-loop §3): GET, POST /assignments/answers/{id}/comments and
 * PATCH, DELETE …/comments/{commentId}. The list is the answer's latest review's comments and the
 * caller's drafts; it is keyed by the answer's `reviewedAt`, so a submitted review (which attaches
 * the drafts and answers a new detail) reads it again. Each change answers the comment, which
 * replaces its copy in the cached list. Failures show the global toast with the server's message.
 */
import {
  reviewCommentDeletedSchema,
  reviewCommentListSchema,
  reviewCommentSchema,
  type ReviewComment,
  type ReviewCommentCreateInput,
  type ReviewCommentList,
  type ReviewCommentUpdateInput,
} from '@practica/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@shared/lib/api-client';
import { reviewCommentKeys } from '../../../lib/query-keys';

const listPath = (answerId: number) => `/assignments/answers/${answerId}/comments`;

/** The comments the player shows on answer `answerId`, by question, time and id. */
export function listComments(answerId: number, signal?: AbortSignal): Promise<ReviewCommentList> {
  return api.get(listPath(answerId), { schema: reviewCommentListSchema, signal });
}

/** Adds a draft comment of the caller; answers it. */
export function createComment(
  answerId: number,
  body: ReviewCommentCreateInput,
): Promise<ReviewComment> {
  return api.post(listPath(answerId), { body, schema: reviewCommentSchema });
}

/** Changes the caller's draft `commentId` (text and/or time); answers it. */
export function updateComment(
  answerId: number,
  commentId: number,
  body: ReviewCommentUpdateInput,
): Promise<ReviewComment> {
  return apiRequest('PATCH', `${listPath(answerId)}/${commentId}`, {
    body,
    schema: reviewCommentSchema,
  });
}

/** Deletes the caller's draft `commentId`; answers its id. */
export function deleteComment(answerId: number, commentId: number): Promise<{ id: number }> {
  return api.delete(`${listPath(answerId)}/${commentId}`, { schema: reviewCommentDeletedSchema });
}

/** Query options of answer `answerId`'s comments as of its review `reviewedAt`. */
export function commentsQueryOptions(answerId: number, reviewedAt: string | null) {
  return queryOptions({
    queryKey: reviewCommentKeys.list(answerId, reviewedAt),
    queryFn: ({ signal }) => listComments(answerId, signal),
  });
}

/** The comments of answer `answerId` (as of its review `reviewedAt`). */
export function useComments(answerId: number, reviewedAt: string | null) {
  return useQuery(commentsQueryOptions(answerId, reviewedAt));
}

/** The comments ordered as the server orders them: question id, time, id. */
function ordered(list: readonly ReviewComment[]): ReviewComment[] {
  return [...list].sort((a, b) => a.questionId - b.questionId || a.atMs - b.atMs || a.id - b.id);
}

/** Updates every cached list of the answer with `change`, then reads them again. */
function useListChange(answerId: number) {
  const client = useQueryClient();
  return (change: (list: ReviewComment[]) => ReviewComment[]) => {
    client.setQueriesData<ReviewCommentList>(
      { queryKey: reviewCommentKeys.answer(answerId) },
      (data) => (data ? { list: ordered(change(data.list)) } : data),
    );
    void client.invalidateQueries({ queryKey: reviewCommentKeys.answer(answerId) });
  };
}

/** The add mutation of answer `answerId` (variables: the new comment). */
export function useCreateComment(answerId: number) {
  const change = useListChange(answerId);
  return useMutation({
    mutationFn: (body: ReviewCommentCreateInput) => createComment(answerId, body),
    onSuccess: (comment) => change((list) => [...list, comment]),
  });
}

/** The edit mutation of answer `answerId` (variables: the comment id and the change). */
export function useUpdateComment(answerId: number) {
  const change = useListChange(answerId);
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewCommentUpdateInput & { id: number }) =>
      updateComment(answerId, id, body),
    onSuccess: (comment) => change((list) => list.map((c) => (c.id === comment.id ? comment : c))),
  });
}

/** The delete mutation of answer `answerId` (variables: the comment id). */
export function useDeleteComment(answerId: number) {
  const change = useListChange(answerId);
  return useMutation({
    mutationFn: (id: number) => deleteComment(answerId, id),
    onSuccess: ({ id }) => change((list) => list.filter((c) => c.id !== id)),
  });
}
