/**
 * POST/PUT /interviews and POST /questionnaires?contentTypeId= / PUT /questionnaires/{id}
 * (001 §5, §7): the details forms of interviews and evaluations. The server's message
 * (messages.interviewCreated, ...) is toasted by the caller.
 */
import {
  questionnaireSchema,
  type EvaluationForm,
  type EvaluationTypeId,
  type InterviewForm,
  type Questionnaire,
} from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { contentKeys } from '../../../lib/query-keys';

/** Creates (no id) or updates an interview. */
export function saveInterview(id: number | undefined, body: InterviewForm): Promise<Questionnaire> {
  const options = { body: { ...body, languageId: undefined }, schema: questionnaireSchema };
  return id ? api.put(`/interviews/${id}`, options) : api.post('/interviews', options);
}

/** Creates (no id) or updates an evaluation of `contentTypeId`. */
export function saveEvaluation(
  contentTypeId: EvaluationTypeId,
  id: number | undefined,
  body: EvaluationForm,
): Promise<Questionnaire> {
  const options = { body, schema: questionnaireSchema };
  return id
    ? api.put(`/questionnaires/${id}`, options)
    : api.post('/questionnaires', { ...options, query: { contentTypeId } });
}

/** Mutation of the interview details form; resolves with the saved interview. */
export function useSaveInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | undefined; body: InterviewForm }) =>
      saveInterview(id, body),
    onSuccess: async (saved) => {
      client.setQueryData(contentKeys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}

/** Mutation of the evaluation details form. */
export function useSaveEvaluation(contentTypeId: EvaluationTypeId) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | undefined; body: EvaluationForm }) =>
      saveEvaluation(contentTypeId, id, body),
    onSuccess: async (saved) => {
      client.setQueryData(contentKeys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
