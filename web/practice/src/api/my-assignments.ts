/**
 * The trainee's assignments (`/api/me`): the home list (every page, at the largest page size) and
 * one assignment's detail (with my answer and, once Reviewed, my review). Fetchers and query
 * options; answers validated by the contract's schemas.
 */
import {
  meAssignmentDetailSchema,
  meAssignmentListSchema,
  pageSizeOptions,
  type MeAssignmentDetail,
  type MeAssignmentListItem,
} from '@practica/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../src/lib/api-client';

const pageSize = Math.max(...pageSizeOptions);

/** GET /me/assignments, every page: my Active assignments with my answer. */
export async function fetchMyAssignments(signal?: AbortSignal): Promise<MeAssignmentListItem[]> {
  const rows: MeAssignmentListItem[] = [];
  for (let page = 1; ; page += 1) {
    const data = await api.get('/me/assignments', {
      query: { page, pageSize },
      schema: meAssignmentListSchema,
      signal,
    });
    rows.push(...data.list);
    if (data.list.length < pageSize || rows.length >= data.count) return rows;
  }
}

/** GET /me/assignments/{id}: the assignment for practice, my answer and my review (or null). */
export function fetchMyAssignment(id: number, signal?: AbortSignal): Promise<MeAssignmentDetail> {
  return api.get(`/me/assignments/${id}`, { schema: meAssignmentDetailSchema, signal });
}

/** Query keys of `/me`. */
export const meKeys = {
  assignments: ['me', 'assignments'] as const,
  assignment: (id: number) => ['me', 'assignments', id] as const,
};

/** Query options of the home list (its screen shows the error itself). */
export const myAssignmentsQuery = () =>
  queryOptions({
    queryKey: meKeys.assignments,
    queryFn: ({ signal }) => fetchMyAssignments(signal),
    meta: { silent: true },
  });

/** Query options of one assignment (its screen shows the error itself). */
export const myAssignmentQuery = (id: number) =>
  queryOptions({
    queryKey: meKeys.assignment(id),
    queryFn: ({ signal }) => fetchMyAssignment(id, signal),
    meta: { silent: true },
  });

/** Nearest due date first, no due date last, then by name: the home's order. */
export function byDueDate(a: MeAssignmentListItem, b: MeAssignmentListItem): number {
  if (a.closeDate !== b.closeDate) {
    if (a.closeDate === null) return 1;
    if (b.closeDate === null) return -1;
    const diff = Date.parse(a.closeDate) - Date.parse(b.closeDate);
    if (diff !== 0) return diff;
  }
  return a.name.localeCompare(b.name);
}
