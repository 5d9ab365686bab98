/**
 * GET /interviews, GET /questionnaires and GET /organizations/{id}/contents (001 §2 lists, §7):
 * one page of content rows with their questions count, last edited date, type and creator.
 */
import { contentListItemSchema, interviewListItemSchema } from '@practica/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contentKeys, toListQuery, type ContentListFilter } from './keys';

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
