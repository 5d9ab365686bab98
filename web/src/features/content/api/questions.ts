/**
 * The `/questions` calls (001 §7): GET /questions/{id}, POST /questions?contentId= (a question is
 * created when its id is not above 0, 001 §4), PUT /questions/{id}?contentId=, DELETE
 * /questions/{id}. Success messages are the spec's 'Question Created/Updated/deleted ...'.
 */
import {
  messages,
  questionSchema,
  type Question,
  type QuestionFormInput,
} from '@practica/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { contentKeys } from '../../../lib/query-keys';

/** Fetches one question. */
export function getQuestion(id: number, signal?: AbortSignal): Promise<Question> {
  return api.get(`/questions/${id}`, { schema: questionSchema, signal });
}

/** Query options of one question. */
export function questionQueryOptions(id: number) {
  return queryOptions({
    queryKey: contentKeys.question(id),
    queryFn: ({ signal }) => getQuestion(id, signal),
  });
}

/** One question; disabled when `id` is not above 0. */
export function useQuestion(id: number | null | undefined) {
  return useQuery({ ...questionQueryOptions(id ?? 0), enabled: Boolean(id && id > 0) });
}

/** Creates (id not above 0) or updates a question of `contentId`. */
export function saveQuestion(contentId: number, body: QuestionFormInput): Promise<Question> {
  const options = { body, query: { contentId }, schema: questionSchema };
  return body.id && body.id > 0
    ? api.put(`/questions/${body.id}`, options)
    : api.post('/questions', options);
}

/** Mutation of the question form; toasts the spec's success message. */
export function useSaveQuestion(contentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuestionFormInput) => saveQuestion(contentId, body),
    onSuccess: async (saved, body) => {
      toast.success(body.id && body.id > 0 ? messages.questionUpdated : messages.questionCreated);
      client.setQueryData(contentKeys.question(saved.id), saved);
      await client.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}

/** Deletes a question of a Draft content. */
export function deleteQuestion(id: number): Promise<unknown> {
  return api.delete(`/questions/${id}`);
}

/** Mutation of a question's delete icon. */
export function useDeleteQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: async () => {
      toast.success(messages.questionDeleted);
      await client.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
