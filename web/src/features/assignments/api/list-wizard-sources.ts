/**
 * What the wizard picks from (001 §2 'Assignment wizard'): Active assignable interviews
 * (GET /interviews?status=3&scope=2), Active evaluations of one type (GET /questionnaires),
 * one questionnaire with its roles and questions (GET /questionnaires/{id}) and the avatars or
 * environments (GET /assets?typeId=).
 */
import {
  AssetType,
  ContentStatus,
  assetSchema,
  contentListItemSchema,
  interviewListItemSchema,
  questionnaireSchema,
} from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { assignmentKeys } from './keys';

/** 001 §3: list scope 'Assignable'. */
const assignableScope = 2;
const wholeList = { page: 1, pageSize: 100 };

/** Fetches the Active interviews an assignment may use. */
export function listAssignableInterviews(signal?: AbortSignal) {
  return api.list(
    '/interviews',
    { status: ContentStatus.Active, scope: assignableScope, ...wholeList },
    { row: interviewListItemSchema, signal },
  );
}

/** Query options of the assignable interviews. */
export function assignableInterviewsQueryOptions() {
  return queryOptions({
    queryKey: assignmentKeys.sources('interviews'),
    queryFn: ({ signal }) => listAssignableInterviews(signal),
  });
}

/** The assignable interviews. */
export function useAssignableInterviews() {
  return useQuery(assignableInterviewsQueryOptions());
}

/** Fetches the Active evaluations of one content type (2 rating scales, 3 feedback). */
export function listAssignableEvaluations(contentTypeId: number, signal?: AbortSignal) {
  return api.list(
    '/questionnaires',
    { contentTypeId, status: ContentStatus.Active, scope: assignableScope, ...wholeList },
    { row: contentListItemSchema, signal },
  );
}

/** Query options of the Active evaluations of one type. */
export function assignableEvaluationsQueryOptions(contentTypeId: number) {
  return queryOptions({
    queryKey: assignmentKeys.sources('evaluations', contentTypeId),
    queryFn: ({ signal }) => listAssignableEvaluations(contentTypeId, signal),
  });
}

/** The Active evaluations of one type. */
export function useAssignableEvaluations(contentTypeId: number) {
  return useQuery(assignableEvaluationsQueryOptions(contentTypeId));
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

/** Fetches the avatars (1) or environments (2) the user may use. */
export function listAssignmentAssets(typeId: number, signal?: AbortSignal) {
  return api.list('/assets', { typeId }, { row: assetSchema, signal });
}

/** Query options of the avatars or environments. */
export function assignmentAssetsQueryOptions(typeId: number) {
  return queryOptions({
    queryKey: assignmentKeys.sources('assets', typeId),
    queryFn: ({ signal }) => listAssignmentAssets(typeId, signal),
  });
}

/** The avatars. */
export function useAssignmentAvatars() {
  return useQuery(assignmentAssetsQueryOptions(AssetType.Avatar));
}

/** The environments. */
export function useAssignmentEnvironments() {
  return useQuery(assignmentAssetsQueryOptions(AssetType.Environment));
}
