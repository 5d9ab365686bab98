/**
 * POST /assignments/interviews/answers/review/{id}?userId= (001 §3 'Review payload', §5): both forms
 * in one call. Success and failure toasts are the spec's.
 */
import {
  answerDetailSchema,
  messages,
  type AnswerDetail,
  type ReviewBodyInput,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { answerKeys } from './keys';

/** Sends the review of answer `answerId` of trainee `traineeId`. */
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

/** The submit mutation: stores the refreshed answer and refreshes answers and assignments. */
export function useSubmitReview(answerId: number, traineeId: number, onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBodyInput) => submitReview(answerId, traineeId, body),
    onSuccess: (answer) => {
      client.setQueryData(answerKeys.detail(answerId), answer);
      void client.invalidateQueries({ queryKey: answerKeys.all });
      void client.invalidateQueries({ queryKey: answerKeys.assignments });
      toast.success(messages.interviewReviewSubmitted);
      onDone?.();
    },
    onError: () => toast.error(messages.failedToSubmitInterviewReview),
  });
}
