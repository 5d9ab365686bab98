/**
 * GET /questionnaires/{id} (001 §7): one interview, rating scale or feedback form with its content,
 * questions and (interviews) roles — what the editors and the preview dialog show.
 */
import { questionnaireSchema, type Questionnaire } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { contentKeys } from '../../../lib/query-keys';

/** Fetches one questionnaire. */
export function getQuestionnaire(id: number, signal?: AbortSignal): Promise<Questionnaire> {
  return api.get(`/questionnaires/${id}`, { schema: questionnaireSchema, signal });
}

/** Query options of one questionnaire. */
export function questionnaireQueryOptions(id: number) {
  return queryOptions({
    queryKey: contentKeys.detail(id),
    queryFn: ({ signal }) => getQuestionnaire(id, signal),
  });
}

/** One questionnaire; disabled when `id` is not above 0. */
export function useQuestionnaire(id: number | null | undefined) {
  return useQuery({ ...questionnaireQueryOptions(id ?? 0), enabled: Boolean(id && id > 0) });
}
