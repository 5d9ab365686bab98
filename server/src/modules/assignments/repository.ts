/**
 * One assignment (001 §2, §3, §4): its row with the creator's names and the answer counts kept per
 * assignment (`assignment_answer_counts`, kept by the triggers of migration 0008), the detail's
 * counts and mean score, the row lock that status changes, membership writes and reviews serialize
 * on, and the composition checks of 001 §5. Members live in members-repository.ts, the lists in
 * list-repository.ts, the dashboard and usage counts in dashboard-repository.ts; the composition
 * itself is the composition module's.
 */ import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-queries.js';
import {
  assets,
  assignmentAnswerCounts,
  assignmentInstructors,
  assignmentRoles,
  assignments,
  contents,
  interviewRoles,
  users,
} from '../../db/schema/index.js';
import { availableTo } from '../assets/index.js';
import { assignableTo } from '../contents/index.js';
import { userNotDeleted } from '../../db/sql-helpers.js';

/**
 * Wraps a correlated subquery so Drizzle keeps its columns table-qualified: in a select without
 * joins it strips the table from columns written directly in a selected `sql`, which would make
 * `"id"` inside a subquery bind to the wrong table.
 */
export function scalar<T>(fragment: SQL) {
  return sql<T>`${fragment}`;
}

// ---------------------------------------------------------------------------
// Counts
// ---------------------------------------------------------------------------

/**
 * The answer counts of an assignment come from its row of `assignment_answer_counts` (answers of
 * members not soft-deleted, by status, and the Reviewed answers' scores), kept by triggers
 * (migration 0008): a statement showing them left-joins it on the assignment
 * (`withAnswerCounts`). Were the row missing, the counts would read 0 and the mean null.
 */
const answerCounts = assignmentAnswerCounts;

/** A kept count (an integer expression over `answerCounts`), 0 without a row. */
function keptCount(expression: SQL) {
  return sql<number>`coalesce(${expression}, 0)`.mapWith(Number);
}

/** Every answer (trainees of the assignment), and those not Pending. */
const traineesCountSql = keptCount(
  sql`${answerCounts.pending} + ${answerCounts.submitted} + ${answerCounts.reviewed}`,
);
const completedCountSql = keptCount(sql`${answerCounts.submitted} + ${answerCounts.reviewed}`);

/**
 * The mean score of the assignment's Reviewed answers (null when none has a score): the kept sum
 * divided by the number of scores, the division `avg(score)` itself ends with, so the same numeric
 * value (and the same number on the wire) as the live `avg`.
 */
const averageScoreSql = sql<
  number | null
>`case when ${answerCounts.scored} > 0 then ${answerCounts.scoreSum} / ${answerCounts.scored} end`.mapWith(
  Number,
);

/** Correlated count of the assignment's instructors, not soft-deleted. */
const instructorsCountSql = scalar<number>(
  sql`(select count(*) from ${assignmentInstructors} where ${assignmentInstructors.assignmentId} = ${assignments.id} and ${userNotDeleted(assignmentInstructors.userId)})`,
).mapWith(Number);

/** The assignment's creator, joined by `createdById` (its names in `assignmentColumns`). */
export const creator = alias(users, 'creator');

/** The join condition of `assignment_answer_counts` on the assignment of the row. */
export const withAnswerCounts = eq(answerCounts.assignmentId, assignments.id);

/** The columns of an `AssignmentRow`, over assignments joined to `creator` and `answerCounts`. */
export const assignmentColumns = {
  id: assignments.id,
  name: assignments.name,
  description: assignments.description,
  statusId: assignments.statusId,
  startDate: assignments.startDate,
  closeDate: assignments.closeDate,
  organizationId: assignments.organizationId,
  interviewId: assignments.interviewId,
  environmentId: assignments.environmentId,
  ratingsId: assignments.ratingsId,
  feedbackId: assignments.feedbackId,
  createdById: assignments.createdById,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  traineesCount: traineesCountSql,
  completedCount: completedCountSql,
  instructorsCount: instructorsCountSql,
  createdAt: assignments.createdAt,
  updatedAt: assignments.updatedAt,
};

export interface AssignmentRow {
  id: number;
  name: string;
  description: string;
  statusId: number;
  startDate: string | null;
  closeDate: string | null;
  organizationId: number;
  interviewId: number | null;
  environmentId: number | null;
  ratingsId: number | null;
  feedbackId: number | null;
  createdById: number | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  traineesCount: number;
  completedCount: number;
  instructorsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface AssignmentDetailRow extends AssignmentRow {
  pendingCount: number;
  submittedCount: number;
  reviewedCount: number;
  averageScore: number | null;
}

// ---------------------------------------------------------------------------
// One assignment
// ---------------------------------------------------------------------------

/** One assignment with its counts, or undefined. One statement, prepared once. */
export async function findAssignment(db: Db | Tx, id: number): Promise<AssignmentRow | undefined> {
  const query = preparedQuery(db, 'assignments.find', (name) =>
    db
      .select(assignmentColumns)
      .from(assignments)
      .leftJoin(creator, eq(creator.id, assignments.createdById))
      .leftJoin(answerCounts, withAnswerCounts)
      .where(eq(assignments.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id });
  return row;
}

/**
 * One assignment with its counts, answer counts by status and the average score, or undefined.
 * One statement, prepared once.
 */
export async function findAssignmentDetail(
  db: Db | Tx,
  id: number,
): Promise<AssignmentDetailRow | undefined> {
  const query = preparedQuery(db, 'assignments.detail', (name) =>
    db
      .select({
        ...assignmentColumns,
        pendingCount: keptCount(sql`${answerCounts.pending}`),
        submittedCount: keptCount(sql`${answerCounts.submitted}`),
        reviewedCount: keptCount(sql`${answerCounts.reviewed}`),
        averageScore: averageScoreSql,
      })
      .from(assignments)
      .leftJoin(creator, eq(creator.id, assignments.createdById))
      .leftJoin(answerCounts, withAnswerCounts)
      .where(eq(assignments.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id });
  return row;
}

/**
 * Locks the assignment row for the rest of the transaction (status changes and membership writes
 * serialize on it) and answers its status and the number of completed answers, or undefined. The
 * number is read from the kept counts by a second statement, after the lock is held: it sees what
 * the transaction that held the lock before committed (a join in the locking statement would read
 * the counts as they were before the wait).
 */
export async function lockAssignment(
  tx: Tx,
  id: number,
): Promise<{ statusId: number; completedCount: number } | undefined> {
  const [row] = await tx
    .select({ statusId: assignments.statusId })
    .from(assignments)
    .where(eq(assignments.id, id))
    .for('update');
  if (!row) return undefined;
  const [c] = await tx
    .select({ n: completedCountSql })
    .from(answerCounts)
    .where(eq(answerCounts.assignmentId, id));
  return { statusId: row.statusId, completedCount: c?.n ?? 0 };
}

/** The `{roleId, avatarId}` pairs of the assignment (for comparing a form with it). */
export async function rolePairsOfAssignment(db: Db | Tx, id: number) {
  return db
    .select({ roleId: assignmentRoles.interviewRoleId, avatarId: assignmentRoles.avatarId })
    .from(assignmentRoles)
    .where(eq(assignmentRoles.assignmentId, id));
}

// ---------------------------------------------------------------------------
// Composition checks (001 §5, decisions.md#content)
// ---------------------------------------------------------------------------

/**
 * Contents among `ids`: type, status and whether in the organization's Assignable scope (its own
 * Active content or general Active content added to it: the content module's `assignableTo`). One
 * statement.
 */
export async function contentFacts(db: Db | Tx, ids: readonly number[], organizationId: number) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: contents.id,
      contentTypeId: contents.contentTypeId,
      statusId: contents.statusId,
      assignable: sql<boolean>`(${assignableTo(organizationId)})`,
    })
    .from(contents)
    .where(inArray(contents.id, [...ids]));
}

/** The role ids of an interview. One statement. */
export async function roleIdsOfInterview(db: Db | Tx, interviewId: number): Promise<number[]> {
  const rows = await db
    .select({ id: interviewRoles.id })
    .from(interviewRoles)
    .where(eq(interviewRoles.contentId, interviewId));
  return rows.map((r) => r.id);
}

/** Assets among `ids`: type and whether available to the organization (the assets module's `availableTo`). One statement. */
export async function assetFacts(db: Db | Tx, ids: readonly number[], organizationId: number) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: assets.id,
      assetTypeId: assets.assetTypeId,
      available: sql<boolean>`(${availableTo(organizationId)})`,
    })
    .from(assets)
    .where(inArray(assets.id, [...ids]));
}

/** The assignments (id, status, organization) among `ids`. One statement. */
export async function assignmentsByIds(db: Db | Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: assignments.id,
      statusId: assignments.statusId,
      organizationId: assignments.organizationId,
    })
    .from(assignments)
    .where(inArray(assignments.id, [...ids]));
}
