/** GET /assignments/answers/{id} (001 §7): the answer of the review screen. */
import { answerDetailSchema, type AnswerDetail } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { anyProcessing } from '@shared/lib/media-playback';
import { answerKeys } from '../../../lib/query-keys';

/** How often (ms) the answer is fetched again while a video of it is processing (decisions.md#media §2). */
export const processingPollMs = 3_000;

/**
 * How often (ms) the review screen reads its answer again while the page is visible: who holds the
 * claim now (released, taken over) and a review submitted meanwhile show within seconds, before
 * the reviewer types anything. Hidden tabs do not poll (TanStack Query's default).
 */
export const reviewLivePollMs = 5_000;

/** Fetches one answer with its assignment, questions, videos and latest review. */
export function getAnswer(id: number, signal?: AbortSignal): Promise<AnswerDetail> {
  return api.get(`/assignments/answers/${id}`, {
    query: { includes: 'answers,assignments,contents,assets' },
    schema: answerDetailSchema,
    signal,
  });
}

/**
 * Query options of one answer: polled every `processingPollMs` while a video is processing, and
 * with `live` (the review screen) every `reviewLivePollMs` otherwise, while the page is visible.
 */
export function answerQueryOptions(id: number, { live = false }: { live?: boolean } = {}) {
  return queryOptions({
    queryKey: answerKeys.detail(id),
    queryFn: ({ signal }) => getAnswer(id, signal),
    retry: false,
    refetchInterval: (query) => {
      const answer = query.state.data;
      if (answer && anyProcessing(answer.data.interviewAnswer.answers)) return processingPollMs;
      return live ? reviewLivePollMs : false;
    },
  });
}

/** One answer (`live`: see `answerQueryOptions`); disabled while `id` is not a valid id. */
export function useAnswer(id: number, options: { live?: boolean } = {}) {
  return useQuery({ ...answerQueryOptions(id, options), enabled: Number.isInteger(id) && id > 0 });
}
