/**
 * Reading the audit log (decisions.md#review-loop §5): an assignment's events, newest first, with an action
 * filter and pages. Managers of the assignment's organization and admins ('audit:read'); an
 * instructor or trainee 403, another organization 404. Nothing here writes: events are recorded by
 * the modules that make the changes (`recordAudit`, in their transactions).
 */
import type { Actor, AuditList, AuditQuery } from '@practica/contract';
import type { Db } from '../../db/client.js';
import { loadAuthorized } from '../../lib/load-authorized.js';
import { presentAuditEvent } from './presenter.js';
import { assignmentOrganization, listAuditEvents } from './repository.js';

/**
 * GET /assignments/{id}/audit?action=&page=&pageSize=: one page (1-based, 25 | 50 | 100, default
 * 25) of the assignment's events, newest first, and how many match. Three statements: the
 * assignment, the page and the count.
 */
export async function auditLogFor(
  db: Db,
  actor: Actor,
  assignmentId: number,
  query: AuditQuery,
): Promise<AuditList> {
  await loadAuthorized(
    actor,
    'audit:read',
    assignmentOrganization(db, assignmentId),
    (organizationId) => ({ organizationId }),
  );
  const { rows, count } = await listAuditEvents(db, {
    assignmentId,
    action: query.action,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { list: rows.map(presentAuditEvent), count };
}
