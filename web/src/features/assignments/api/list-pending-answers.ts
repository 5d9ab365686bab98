/** GET /assignments/answers?status=2 (000 §2.5): the dashboard's Pending Review list. */
import { AnswerStatus, answerListItemSchema } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assignmentKeys } from '../../../lib/query-keys';

/** Fetches one page of submitted answers. */
export function listPendingAnswers(page: number, pageSize: number, signal?: AbortSignal) {
  return api.list(
    '/assignments/answers',
    { status: AnswerStatus.Submitted, page, pageSize },
    { row: answerListItemSchema, signal },
  );
}

/** Query options of one page of submitted answers. */
export function pendingAnswersQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: assignmentKeys.pendingAnswers(page, pageSize),
    queryFn: ({ signal }) => listPendingAnswers(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of submitted answers. */
export function usePendingAnswers(page: number, pageSize: number) {
  return useQuery(pendingAnswersQueryOptions(page, pageSize));
}
