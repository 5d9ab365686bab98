/**
 * GET /assignments/{id}/audit?action=&page=&pageSize= (decisions.md#review-loop §5): one page of the assignment's
 * audit log, newest first. The previous page stays shown while the next one loads.
 */
import { auditListSchema, type AuditActionName, type AuditList } from '@practica/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageSize } from '@practica/contract';
import { api } from '@shared/lib/api-client';
import { auditKeys } from '../../../lib/query-keys';

/** What to list: an optional action and a 1-based page. */
export interface AuditFilter {
  action: AuditActionName | undefined;
  page: number;
  pageSize: PageSize;
}

/** One page of assignment `assignmentId`'s audit log. */
export function listAudit(
  assignmentId: number,
  filter: AuditFilter,
  signal?: AbortSignal,
): Promise<AuditList> {
  return api.get(`/assignments/${assignmentId}/audit`, {
    query: { action: filter.action, page: filter.page, pageSize: filter.pageSize },
    schema: auditListSchema,
    signal,
  });
}

/** The page of the log `filter` names; `enabled` false asks nothing. */
export function useAuditLog(assignmentId: number, filter: AuditFilter, enabled: boolean) {
  return useQuery({
    queryKey: auditKeys.list(assignmentId, filter),
    queryFn: ({ signal }) => listAudit(assignmentId, filter, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
