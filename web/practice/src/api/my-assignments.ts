/**
 * The trainee's assignments (`/api/me`): the home list (every page, at the largest page size) and
 * one assignment's detail (with my answer and, once Reviewed, my review). Fetchers and query
 * options; answers validated by the contract's schemas. A submitted answer's detail is polled while
 * one of its videos is processing (decisions.md#media §2), never during practice.
 */
import {
  AnswerStatus,
  meAssignmentDetailSchema,
  meAssignmentListSchema,
  type MeAssignmentDetail,
  type MeAssignmentListItem,
} from '@practica/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, validated } from '@shared/lib/api-client';
import { anyProcessing } from '@shared/lib/media-playback';
import { takeEarlyRequest } from '../lib/early-requests';
import { firstPageKey, listPath, pageSize } from './my-assignments-early';

/**
 * GET /me/assignments, every page: my Active assignments with my answer. The first page is the
 * one `startMyAssignmentsEarly` (my-assignments-early.ts) started, when there is one. Throws `ApiError`.
 */
export async function fetchMyAssignments(signal?: AbortSignal): Promise<MeAssignmentListItem[]> {
  const rows: MeAssignmentListItem[] = [];
  for (let page = 1; ; page += 1) {
    const early = page === 1 ? takeEarlyRequest(firstPageKey) : undefined;
    const data = early
      ? validated(meAssignmentListSchema, await early)
      : await api.get(listPath, {
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

/** How often (ms) a submitted answer is fetched again while one of its videos is processing. */
export const processingPollMs = 3_000;

/** The poll interval of `detail`: `processingPollMs` while submitted and processing, else none. */
export function pollWhileProcessing(detail: MeAssignmentDetail | undefined): number | false {
  if (!detail || detail.answer.statusId === AnswerStatus.Pending) return false;
  return anyProcessing(detail.answer.items) ? processingPollMs : false;
}

/** Query keys of `/me`. */
export const meKeys = {
  assignments: ['me', 'assignments'] as const,
  assignment: (id: number) => ['me', 'assignments', id] as const,
};

/** How often (ms) the home list is read again while its page is visible: every minute. */
export const homeRefreshMs = 60_000;

/**
 * Query options of the home list (its screen shows the error itself). Read again every
 * `homeRefreshMs` while the page is visible and whenever the trainee returns to it (however
 * recently it was read), so an assignment added meanwhile shows without a reload.
 */
export const myAssignmentsQuery = () =>
  queryOptions({
    queryKey: meKeys.assignments,
    queryFn: ({ signal }) => fetchMyAssignments(signal),
    refetchInterval: homeRefreshMs,
    refetchOnWindowFocus: 'always',
    meta: { silent: true },
  });

/** Query options of one assignment (its screen shows the error itself). */
export const myAssignmentQuery = (id: number) =>
  queryOptions({
    queryKey: meKeys.assignment(id),
    queryFn: ({ signal }) => fetchMyAssignment(id, signal),
    refetchInterval: (query) => pollWhileProcessing(query.state.data),
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
