/**
 * Writes to the audit log (decisions.md#review-loop §5, table `audit_events`): one row per change, in the
 * transaction of the change, and reads them per assignment. Nothing here updates or deletes a row;
 * the API has no call that does.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { answers, assignments, auditEvents, users } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';

/** What the audit log records; new kinds are added here, never renamed (stored rows keep theirs). */
export type AuditAction =
  | 'assignment.status'
  | 'answer.status'
  | 'review.submitted'
  | 'claim.takenOver'
  /** A call made with an API token (decisions.md#api-tokens §3); no assignment. */
  | 'apiToken.used';

/**
 * One change to record. `before`/`after`: the changed values (ids and statuses, no personal data),
 * or a SQL jsonb expression when the values come from the statement the insert is part of.
 */
export interface AuditEventInput {
  organizationId: number;
  /** The assignment changed; null for an event of none (an API token's use). */
  assignmentId: number | null;
  answerId?: number | null | undefined;
  /** Who made the change; null for the system (a job or the due date). */
  actorId: number | null;
  action: AuditAction;
  before?: Record<string, unknown> | SQL | null | undefined;
  after?: Record<string, unknown> | SQL | null | undefined;
}

/**
 * The insert of `events` (at least one) as a query builder, to run as a CTE of the statement that
 * makes the change (as the review call does), so the audit costs no statement of its own.
 */
export function auditInsert(db: Db | Tx, events: readonly AuditEventInput[]) {
  return db.insert(auditEvents).values(
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

/** Records `events` in the audit log. One statement; none when the list is empty. */
export async function recordAudit(db: Db | Tx, events: readonly AuditEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await auditInsert(db, events);
}

// ---------------------------------------------------------------------------
// Reading (GET /assignments/{id}/audit)
// ---------------------------------------------------------------------------

/**
 * The organization of the assignment `assignmentId`, or undefined when there is none (read here:
 * the assignments module records through this one). One statement.
 */
export async function assignmentOrganization(
  db: Db | Tx,
  assignmentId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ organizationId: assignments.organizationId })
    .from(assignments)
    .where(eq(assignments.id, assignmentId))
    .limit(1);
  return row?.organizationId;
}

const actor = alias(users, 'actor');
const trainee = alias(users, 'trainee');

/** One audit event with its actor and the trainee of its answer (null columns when gone). */
export interface AuditEventRow {
  id: number;
  action: string;
  actorId: number | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  answerId: number | null;
  traineeId: number | null;
  traineeFirstName: string | null;
  traineeLastName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date;
}

/** Which events of an assignment to list: optionally one action; a 1-based page. */
export interface AuditFilter {
  assignmentId: number;
  action?: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * One page of the assignment's audit events, newest first, and how many match. Two statements,
 * sent together.
 */
export async function listAuditEvents(
  db: Db | Tx,
  filter: AuditFilter,
): Promise<{ rows: AuditEventRow[]; count: number }> {
  const where = and(
    eq(auditEvents.assignmentId, filter.assignmentId),
    filter.action !== undefined ? eq(auditEvents.action, filter.action) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditEvents.id,
        action: auditEvents.action,
        actorId: auditEvents.actorId,
        actorFirstName: actor.firstName,
        actorLastName: actor.lastName,
        answerId: auditEvents.answerId,
        traineeId: answers.userId,
        traineeFirstName: trainee.firstName,
        traineeLastName: trainee.lastName,
        before: auditEvents.before,
        after: auditEvents.after,
        createdAt: auditEvents.createdAt,
      })
      .from(auditEvents)
      .leftJoin(actor, eq(actor.id, auditEvents.actorId))
      .leftJoin(answers, eq(answers.id, auditEvents.answerId))
      .leftJoin(trainee, eq(trainee.id, answers.userId))
      .where(where)
      .orderBy(desc(auditEvents.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
