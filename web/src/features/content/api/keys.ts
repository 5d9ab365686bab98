/**
 * Query keys of the content calls (001 §7 '/interviews', '/questionnaires', '/questions',
 * '/contents'). Every content mutation refreshes `['contents']`.
 */
import type { PageSize } from '@practica/contract';

/** The filters of the content lists (001 §7). */
export interface ContentListFilter {
  organizationId?: number | undefined;
  /** Ownership: All 0, Authored 1, Assigned 2. */
  authoring?: number | undefined;
  /** ContentStatus id(s); absent = all but Deleted. */
  status?: number | readonly number[] | undefined;
  authoredBy?: number | undefined;
  search?: string | undefined;
  contentTypeId?: number | undefined;
  page: number;
  pageSize: PageSize;
}

export const contentKeys = {
  all: ['contents'] as const,
  interviews: (filter: ContentListFilter) => ['contents', 'interviews', filter] as const,
  questionnaires: (filter: ContentListFilter) => ['contents', 'questionnaires', filter] as const,
  organization: (id: number, filter: ContentListFilter) =>
    ['contents', 'organization', id, filter] as const,
  detail: (id: number) => ['contents', 'detail', id] as const,
  question: (id: number) => ['contents', 'question', id] as const,
  avatars: ['contents', 'avatars'] as const,
};

/** The list query sent to the API (status ids joined by commas). */
export function toListQuery(filter: ContentListFilter) {
  const { status, ...rest } = filter;
  return {
    ...rest,
    status: Array.isArray(status) ? status.join(',') : (status as number | undefined),
  };
}
