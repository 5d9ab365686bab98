/**
 * POST /assignments/interviews/answers/review/{id}?userId= (001 §3 'Review payload', §5): both forms
 * in one call. The call answers the answer's detail, which replaces the cached one (no refetch);
 * the lists and counts a review changes (the assignments' lists, details, trainee rows, the
 * dashboard and its Pending Review list) are refreshed. Success and failure toasts are the spec's,
 * one per outcome.
 */
import {
  answerDetailSchema,
  messages,
  type AnswerDetail,
  type ReviewBodyInput,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { answerKeys, assignmentKeys } from '../../../lib/query-keys';

/** Sends the review of answer `answerId` of trainee `traineeId`; answers the answer's detail. */
export function submitReview(
  answerId: number,
  traineeId: number,
  body: ReviewBodyInput,
): Promise<AnswerDetail> {
  return api.post(`/assignments/interviews/answers/review/${answerId}`, {
    query: { userId: traineeId },
    body,
    schema: answerDetailSchema,
  });
}

/**
 * The submit mutation: caches the answer detail the call answers, refreshes the assignments'
 * queries, then calls `onDone`. A failure shows one toast (the global one is silenced): the
 * server's message as given (000 §8), else `messages.failedToSubmitInterviewReview`.
 */
export function useSubmitReview(answerId: number, traineeId: number, onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBodyInput) => submitReview(answerId, traineeId, body),
    meta: { silent: true },
    onSuccess: (answer) => {
      client.setQueryData(answerKeys.detail(answerId), answer);
      void client.invalidateQueries({ queryKey: assignmentKeys.all });
      toast.success(messages.interviewReviewSubmitted);
      onDone?.();
    },
    onError: (error) =>
      toast.error(
        isApiError(error) && error.fromServer
          ? error.message
          : messages.failedToSubmitInterviewReview,
      ),
  });
}
