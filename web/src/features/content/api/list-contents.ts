/**
 * GET /interviews, GET /questionnaires and GET /organizations/{id}/contents (001 §2 lists, §7):
 * one page of content rows with their questions count, last edited date, type and creator.
 */
import { contentListItemSchema, interviewListItemSchema, type PageSize } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { contentKeys } from '../../../lib/query-keys';

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

/** The list query sent to the API (status ids joined by commas). */
function toListQuery(filter: ContentListFilter) {
  const { status, ...rest } = filter;
  return {
    ...rest,
    status: Array.isArray(status) ? status.join(',') : (status as number | undefined),
  };
}

/** One page of interviews (001 §7 GET /interviews). */
export function listInterviews(filter: ContentListFilter, signal?: AbortSignal) {
  const { contentTypeId: _type, ...rest } = toListQuery(filter);
  return api.list('/interviews', rest, { row: interviewListItemSchema, signal });
}

/** One page of evaluations (001 §7 GET /questionnaires). */
export function listQuestionnaires(filter: ContentListFilter, signal?: AbortSignal) {
  return api.list('/questionnaires', toListQuery(filter), { row: contentListItemSchema, signal });
}

/** One page of an organization's contents (001 §7 GET /organizations/{id}/contents). */
export function listOrganizationContents(
  organizationId: number,
  filter: ContentListFilter,
  signal?: AbortSignal,
) {
  return api.list(`/organizations/${organizationId}/contents`, toListQuery(filter), {
    row: contentListItemSchema,
    signal,
  });
}

/** Query options of the interviews list. */
export function interviewsQueryOptions(filter: ContentListFilter) {
  return queryOptions({
    queryKey: contentKeys.interviews(filter),
    queryFn: ({ signal }) => listInterviews(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** Query options of the evaluations list. */
export function questionnairesQueryOptions(filter: ContentListFilter) {
  return queryOptions({
    queryKey: contentKeys.questionnaires(filter),
    queryFn: ({ signal }) => listQuestionnaires(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** Query options of an organization's contents. */
export function organizationContentsQueryOptions(
  organizationId: number,
  filter: ContentListFilter,
) {
  return queryOptions({
    queryKey: contentKeys.organization(organizationId, filter),
    queryFn: ({ signal }) => listOrganizationContents(organizationId, filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of interviews. */
export function useInterviews(filter: ContentListFilter, enabled = true) {
  return useQuery({ ...interviewsQueryOptions(filter), enabled });
}

/** One page of evaluations. */
export function useQuestionnaires(filter: ContentListFilter, enabled = true) {
  return useQuery({ ...questionnairesQueryOptions(filter), enabled });
}

/** One page of an organization's contents. */
export function useOrganizationContents(
  organizationId: number,
  filter: ContentListFilter,
  enabled = true,
) {
  return useQuery({ ...organizationContentsQueryOptions(organizationId, filter), enabled });
}
