/**
 * What the wizard picks from, always for the assignment's organization (001 §2 'Assignment
 * wizard'; an admin chooses it, others have their own): Active assignable interviews
 * (GET /interviews?status=3&scope=2&organizationId=), Active assignable evaluations of one type
 * (GET /questionnaires), one questionnaire with its roles and questions (GET /questionnaires/{id})
 * and the avatars or environments available to the organization
 * (GET /organizations/{id}/assets?type=). Idle while no organization is chosen.
 */
import {
  AssetType,
  ContentStatus,
  Scope,
  assetSchema,
  contentListItemSchema,
  interviewListItemSchema,
  questionnaireSchema,
} from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assignmentKeys } from '../../../lib/query-keys';

const wholeList = { page: 1, pageSize: 100 };

/** Fetches the Active interviews the organization's assignments may use. */
export function listAssignableInterviews(organizationId: number, signal?: AbortSignal) {
  return api.list(
    '/interviews',
    { organizationId, status: ContentStatus.Active, scope: Scope.Assignable, ...wholeList },
    { row: interviewListItemSchema, signal },
  );
}

/** Query options of the organization's assignable interviews. */
export function assignableInterviewsQueryOptions(organizationId: number) {
  return queryOptions({
    queryKey: assignmentKeys.sources('interviews', organizationId),
    queryFn: ({ signal }) => listAssignableInterviews(organizationId, signal),
  });
}

/** The assignable interviews of the organization; idle while `organizationId` is not set. */
export function useAssignableInterviews(organizationId: number | null) {
  return useQuery({
    ...assignableInterviewsQueryOptions(organizationId ?? 0),
    enabled: Boolean(organizationId),
  });
}

/** Fetches the Active evaluations of one content type (2 rating scales, 3 feedback) for the organization. */
export function listAssignableEvaluations(
  organizationId: number,
  contentTypeId: number,
  signal?: AbortSignal,
) {
  return api.list(
    '/questionnaires',
    {
      organizationId,
      contentTypeId,
      status: ContentStatus.Active,
      scope: Scope.Assignable,
      ...wholeList,
    },
    { row: contentListItemSchema, signal },
  );
}

/** Query options of the organization's Active evaluations of one type. */
export function assignableEvaluationsQueryOptions(organizationId: number, contentTypeId: number) {
  return queryOptions({
    queryKey: assignmentKeys.sources('evaluations', [organizationId, contentTypeId]),
    queryFn: ({ signal }) => listAssignableEvaluations(organizationId, contentTypeId, signal),
  });
}

/** The organization's Active evaluations of one type; idle while `organizationId` is not set. */
export function useAssignableEvaluations(organizationId: number | null, contentTypeId: number) {
  return useQuery({
    ...assignableEvaluationsQueryOptions(organizationId ?? 0, contentTypeId),
    enabled: Boolean(organizationId),
  });
}

/** Fetches one questionnaire (interview or evaluation) with roles and questions. */
export function getQuestionnaire(id: number, signal?: AbortSignal) {
  return api.get(`/questionnaires/${id}`, { schema: questionnaireSchema, signal });
}

/** Query options of one questionnaire. */
export function questionnaireQueryOptions(id: number) {
  return queryOptions({
    queryKey: assignmentKeys.sources('questionnaire', id),
    queryFn: ({ signal }) => getQuestionnaire(id, signal),
  });
}

/** One questionnaire; idle while `id` is not set. */
export function useQuestionnaire(id: number | null | undefined) {
  return useQuery({ ...questionnaireQueryOptions(id ?? 0), enabled: Boolean(id && id > 0) });
}

/** Fetches the avatars (1) or environments (2) available to the organization. */
export function listAssignmentAssets(organizationId: number, type: number, signal?: AbortSignal) {
  return api.list(
    `/organizations/${organizationId}/assets`,
    { type },
    { row: assetSchema, signal },
  );
}

/** Query options of the avatars or environments available to the organization. */
export function assignmentAssetsQueryOptions(organizationId: number, type: number) {
  return queryOptions({
    queryKey: assignmentKeys.sources('assets', [organizationId, type]),
    queryFn: ({ signal }) => listAssignmentAssets(organizationId, type, signal),
  });
}

/** The avatars available to the organization; idle while `organizationId` is not set. */
export function useAssignmentAvatars(organizationId: number | null) {
  return useQuery({
    ...assignmentAssetsQueryOptions(organizationId ?? 0, AssetType.Avatar),
    enabled: Boolean(organizationId),
  });
}

/** The environments available to the organization; idle while `organizationId` is not set. */
export function useAssignmentEnvironments(organizationId: number | null) {
  return useQuery({
    ...assignmentAssetsQueryOptions(organizationId ?? 0, AssetType.Environment),
    enabled: Boolean(organizationId),
  });
}
