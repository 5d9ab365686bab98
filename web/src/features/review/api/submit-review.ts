/**
 * POST /assignments/interviews/answers/review/{id}?userId= (001 §3 'Review payload', §5): both forms
 * in one call, with `If-Match` the review version the reviewer opened (decisions.md#review-loop §4). The call
 * answers the answer's detail, which replaces the cached one (no refetch); the lists and counts a
 * review changes (the assignments' lists, details, trainee rows, the dashboard and its Pending
 * Review list) are refreshed. Success and failure toasts are the spec's, one per outcome; a 409
 * with the latest review (someone reviewed meanwhile) goes to `onConflict` instead, for the
 * side-by-side dialog.
 */
import {
  answerDetailSchema,
  answerReviewConflictSchema,
  messages,
  type AnswerDetail,
  type AnswerReviewConflict,
  type ReviewBodyInput,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { answerKeys, assignmentKeys, insightKeys } from '../../../lib/query-keys';

/**
 * Sends the review of answer `answerId` of trainee `traineeId`; answers the answer's detail.
 * `version`: the review version the reviewer opened, sent as `If-Match: "3"` (none: no check).
 */
export function submitReview(
  answerId: number,
  traineeId: number,
  body: ReviewBodyInput,
  version?: number,
): Promise<AnswerDetail> {
  return api.post(`/assignments/interviews/answers/review/${answerId}`, {
    query: { userId: traineeId },
    body,
    schema: answerDetailSchema,
    headers: version !== undefined ? { 'If-Match': `"${version}"` } : undefined,
  });
}

/** The latest review a 409 of the review call carries, or undefined for any other failure. */
export function reviewConflictOf(error: unknown): AnswerReviewConflict | undefined {
  if (!isApiError(error) || error.status !== 409) return undefined;
  const parsed = answerReviewConflictSchema.safeParse(error.data);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The submit mutation: caches the answer detail the call answers, refreshes the assignments'
 * queries, then calls `onDone`. Sends `If-Match` with `openedVersion` (the version the screen
 * opened; after a submit, the one it made). A 409 carrying the latest review calls `onConflict`
 * with it and the body sent; `submitAgainst(version, body)` resubmits on purpose against that
 * version ('Submit mine anyway'), `adopt(version)` takes it without sending ('Keep theirs'). Any other failure shows one toast (the global one is silenced):
 * the server's message as given (000 §8), else `messages.failedToSubmitInterviewReview`.
 * `send(body)` is how the screen submits: one review is sent once — a second Ctrl/⌘+Enter or click
 * while one is on its way (before the button shows it busy) sends nothing; each review the server
 * takes is one more review of the answer, with its own mail to the trainee.
 */
export function useSubmitReview(
  answerId: number,
  traineeId: number,
  onDone?: () => void,
  openedVersion?: number,
  onConflict?: (conflict: AnswerReviewConflict, body: ReviewBodyInput) => void,
) {
  const client = useQueryClient();
  const version = useRef(openedVersion);
  const mutation = useMutation({
    mutationFn: (body: ReviewBodyInput) => submitReview(answerId, traineeId, body, version.current),
    meta: { silent: true },
    onSuccess: (answer) => {
      if (version.current !== undefined) version.current = answer.reviewVersion;
      client.setQueryData(answerKeys.detail(answerId), answer);
      void client.invalidateQueries({ queryKey: assignmentKeys.all });
      // A review moves every insight view (decisions.md#insights-and-administration §1): the assignment's, the trainee's, the reviewers'.
      void client.invalidateQueries({ queryKey: insightKeys.all });
      toast.success(messages.interviewReviewSubmitted);
      onDone?.();
    },
    onError: (error, body) => {
      const conflict = reviewConflictOf(error);
      if (conflict && onConflict) {
        onConflict(conflict, body);
        return;
      }
      toast.error(
        isApiError(error) && error.fromServer
          ? error.message
          : messages.failedToSubmitInterviewReview,
      );
    },
  });
  /** Set from a send until its call settles: synchronous, unlike the mutation's state. */
  const sending = useRef(false);
  /** Sends `body` unless a review is already on its way (see above); whether it sent. */
  const send = (body: ReviewBodyInput): boolean => {
    if (sending.current) return false;
    sending.current = true;
    mutation.mutate(body, {
      onSettled: () => {
        sending.current = false;
      },
    });
    return true;
  };
  /** Resubmits `body` against `latest` (the version the conflict showed). */
  const submitAgainst = (latest: number, body: ReviewBodyInput) => {
    if (sending.current) return;
    version.current = latest;
    send(body);
  };
  /** Takes `latest` as the version the reviewer now reviews against ('Keep theirs'). */
  const adopt = (latest: number) => {
    version.current = latest;
  };
  return Object.assign(mutation, { send, submitAgainst, adopt });
}
