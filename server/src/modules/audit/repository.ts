/**
 * Writes to the audit log (issue 21 §5, table `audit_events`): one row per change, in the
 * transaction of the change. Nothing here updates or deletes a row; the API has no call that does.
 */
import { auditEvents } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';

/** What the audit log records; new kinds are added here, never renamed (stored rows keep theirs). */
export type AuditAction =
  | 'assignment.status'
  | 'answer.status'
  | 'review.submitted'
  | 'claim.takenOver';

/** One change to record. `before`/`after`: the changed values (ids and statuses, no personal data). */
export interface AuditEventInput {
  organizationId: number;
  assignmentId: number;
  answerId?: number | null | undefined;
  /** Who made the change; null for the system (a job or the due date). */
  actorId: number | null;
  action: AuditAction;
  before?: Record<string, unknown> | null | undefined;
  after?: Record<string, unknown> | null | undefined;
}

/** Records `events` in the audit log. One statement; none when the list is empty. */
export async function recordAudit(db: Db | Tx, events: readonly AuditEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(auditEvents).values(
    events.map((e) => ({
      organizationId: e.organizationId,
      assignmentId: e.assignmentId,
      answerId: e.answerId ?? null,
      actorId: e.actorId,
      action: e.action,
      before: e.before ?? null,
      after: e.after ?? null,
    })),
  );
}
