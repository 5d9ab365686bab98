/** GET /assignments/{id} (001 §2 'Assignment detail'): the assignment with its composition and flags. */
import { assignmentDetailSchema } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assignmentKeys } from '../../../lib/query-keys';

/** Fetches one assignment. */
export function getAssignment(id: number, signal?: AbortSignal) {
  return api.get(`/assignments/${id}`, { schema: assignmentDetailSchema, signal });
}

/** Query options of one assignment. */
export function assignmentQueryOptions(id: number) {
  return queryOptions({
    queryKey: assignmentKeys.detail(id),
    queryFn: ({ signal }) => getAssignment(id, signal),
  });
}

/** One assignment. */
export function useAssignment(id: number) {
  return useQuery({ ...assignmentQueryOptions(id), enabled: id > 0 });
}
