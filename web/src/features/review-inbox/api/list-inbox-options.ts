/**
 * The choices of the inbox's assignment and group selects (decisions.md#review-loop §1): the organization's Active
 * and Closed assignments (a Closed one can still hold answers waiting for review) and the groups
 * the user sees, the first 100 of each by name.
 */
import { AssignmentStatus, assignmentListSchema, groupSchema } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { reviewInboxKeys } from '../../../lib/query-keys';

export interface InboxOption {
  value: string;
  label: string;
}

/** Fetches the assignment and group choices of `organizationId` (undefined: the user's own). */
export async function listInboxOptions(
  organizationId: number | undefined,
  signal?: AbortSignal,
): Promise<{ assignments: InboxOption[]; groups: InboxOption[] }> {
  const [assignments, groups] = await Promise.all([
    api.get('/assignments', {
      query: {
        organizationId,
        status: `${AssignmentStatus.Active},${AssignmentStatus.Closed}`,
        page: 1,
        pageSize: 100,
      },
      schema: assignmentListSchema,
      signal,
    }),
    api.list('/groups', { organizationId, page: 1, pageSize: 100 }, { row: groupSchema, signal }),
  ]);
  const byLabel = (a: InboxOption, b: InboxOption) => a.label.localeCompare(b.label);
  return {
    assignments: assignments.list
      .map((a) => ({ value: String(a.id), label: a.name }))
      .sort(byLabel),
    groups: groups.list.map((g) => ({ value: String(g.id), label: g.name })).sort(byLabel),
  };
}

/** The select choices of `organizationId`; `enabled` false waits. */
export function useInboxOptions(organizationId: number | undefined, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: reviewInboxKeys.options(organizationId),
      queryFn: ({ signal }) => listInboxOptions(organizationId, signal),
      staleTime: 60_000,
      enabled,
    }),
  );
}
