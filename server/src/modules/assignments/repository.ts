/**
 * Queries on assignments, their roles, instructors and answers (001 §2, §3, §4, §7
 * `/assignments…`). A list page is one statement (the answer counts read from the row the triggers
 * of migration 0008 keep per assignment, the instructors as a correlated count, the total as a
 * window count); the detail's contents and assets come in a fixed number of statements, never one
 * per row. Members whose account is soft-deleted are left out of every list and count (as in
 * groups); they come back when restored.
 */
import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AnswerStatus, AssignmentStatus, Role, type RoleId } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-queries.js';
import {
  answers,
  assets,
  assignmentAnswerCounts,
  assignmentInstructors,
  assignmentRoles,
  assignments,
  contents,
  files,
  groupMembers,
  interviewRoles,
  users,
} from '../../db/schema/index.js';
import { availableTo } from '../assets/repository.js';
import { assignableTo } from '../contents/index.js';
import { readPage, windowTotal } from '../../db/paging.js';
import { likePattern, userNotDeleted } from '../../db/sql-helpers.js';

/**
 * Wraps a correlated subquery so Drizzle keeps its columns table-qualified: in a select without
 * joins it strips the table from columns written directly in a selected `sql`, which would make
 * `"id"` inside a subquery bind to the wrong table.
 */
function scalar<T>(fragment: SQL) {
  return sql<T>`${fragment}`;
}

// ---------------------------------------------------------------------------
// Counts
// ---------------------------------------------------------------------------

/**
 * The answer counts of an assignment come from its row of `assignment_answer_counts` (answers of
 * members not soft-deleted, by status, and the Reviewed answers' scores), kept by triggers
 * (migration 0008, issue 9): a statement showing them left-joins it on the assignment
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

const completedSql = sql`${answers.statusId} <> ${AnswerStatus.Pending}`;

/** Correlated count of the assignment's instructors, not soft-deleted. */
const instructorsCountSql = scalar<number>(
  sql`(select count(*) from ${assignmentInstructors} where ${assignmentInstructors.assignmentId} = ${assignments.id} and ${userNotDeleted(assignmentInstructors.userId)})`,
).mapWith(Number);

/** The assignment's creator, joined by `createdById` (its names in `assignmentColumns`). */
export const creator = alias(users, 'creator');

/** The join condition of `answerCounts` on the assignment of the row. */
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
// Composition checks (001 §5, DECISIONS.md 'Content')
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

// ---------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------

// usersByIds and groupsByIds: see groups/repository.ts (one definition, imported by the service).

/**
 * The ids of the active, not soft-deleted trainees of all `groupIds` (an inactive or deleted
 * member is left out, never added to an assignment: issue 17 §13). One statement.
 */
export async function traineeIdsOfGroups(
  db: Db | Tx,
  groupIds: readonly number[],
): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        inArray(groupMembers.groupId, [...groupIds]),
        eq(users.roleId, Role.Trainee),
        eq(users.active, true),
        isNull(users.deletedAt),
      ),
    );
  return rows.map((r) => r.id);
}

/** Answers of `userIds` on the assignment that are not Pending (they block removal). One statement. */
export async function completedAnswersOf(
  db: Db | Tx,
  assignmentId: number,
  userIds: readonly number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: answers.userId })
    .from(answers)
    .where(
      and(
        eq(answers.assignmentId, assignmentId),
        inArray(answers.userId, [...userIds]),
        completedSql,
      ),
    );
  return rows.map((r) => r.userId);
}

/** Adds Pending answers for the trainees (an existing answer is kept: ON CONFLICT DO NOTHING). */
export async function insertPendingAnswers(
  db: Db | Tx,
  assignmentId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(answers)
    .values(userIds.map((userId) => ({ assignmentId, userId, statusId: AnswerStatus.Pending })))
    .onConflictDoNothing();
}

/** Adds instructors (already there: kept). */
export async function insertInstructors(
  db: Db | Tx,
  assignmentId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(assignmentInstructors)
    .values(userIds.map((userId) => ({ assignmentId, userId })))
    .onConflictDoNothing();
}

/** Deletes the Pending answers of `userIds` on the assignment (others are never deleted here). */
export async function deletePendingAnswers(
  db: Db | Tx,
  assignmentId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(answers)
    .where(
      and(
        eq(answers.assignmentId, assignmentId),
        inArray(answers.userId, [...userIds]),
        eq(answers.statusId, AnswerStatus.Pending),
      ),
    );
}

/** Removes instructors from the assignment. */
export async function deleteInstructors(
  db: Db | Tx,
  assignmentId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(assignmentInstructors)
    .where(
      and(
        eq(assignmentInstructors.assignmentId, assignmentId),
        inArray(assignmentInstructors.userId, [...userIds]),
      ),
    );
}

/**
 * Puts one user on several assignments: a Pending answer each for a trainee, an instructor row
 * otherwise (existing ones kept). One statement.
 */
export async function addUserToAssignments(
  db: Db | Tx,
  userId: number,
  assignmentIds: readonly number[],
  asTrainee: boolean,
): Promise<void> {
  if (assignmentIds.length === 0) return;
  if (asTrainee) {
    await db
      .insert(answers)
      .values(
        assignmentIds.map((assignmentId) => ({
          assignmentId,
          userId,
          statusId: AnswerStatus.Pending,
        })),
      )
      .onConflictDoNothing();
    return;
  }
  await db
    .insert(assignmentInstructors)
    .values(assignmentIds.map((assignmentId) => ({ assignmentId, userId })))
    .onConflictDoNothing();
}

/**
 * Takes one user off several assignments: its Pending answers for a trainee (others are never
 * deleted here), its instructor rows otherwise. One statement.
 */
export async function removeUserFromAssignments(
  db: Db | Tx,
  userId: number,
  assignmentIds: readonly number[],
  asTrainee: boolean,
): Promise<void> {
  if (assignmentIds.length === 0) return;
  if (asTrainee) {
    await db
      .delete(answers)
      .where(
        and(
          eq(answers.userId, userId),
          inArray(answers.assignmentId, [...assignmentIds]),
          eq(answers.statusId, AnswerStatus.Pending),
        ),
      );
    return;
  }
  await db
    .delete(assignmentInstructors)
    .where(
      and(
        eq(assignmentInstructors.userId, userId),
        inArray(assignmentInstructors.assignmentId, [...assignmentIds]),
      ),
    );
}

export interface MemberRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  roleId: number;
  active: boolean;
  imageId: number | null;
  imageKey: string | null;
  answerId: number | null;
  answerStatusId: number | null;
  answerSubmittedAt: Date | null;
  answerReviewedAt: Date | null;
  answerScore: number | null;
  answerViewed: boolean | null;
}

/**
 * One page of the assignment's members (GET /assignments/{id}/users): trainees (with their answer)
 * and/or instructors, not soft-deleted, by last name, first name, id; with the total. One statement.
 */
export async function listAssignmentUsers(
  db: Db,
  assignmentId: number,
  filter: {
    roles?: readonly RoleId[] | undefined;
    answerStatusIds?: readonly number[] | undefined;
    search?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: MemberRow[]; count: number }> {
  const wantTrainees = !filter.roles?.length || filter.roles.includes(Role.Trainee);
  const wantInstructors = !filter.roles?.length || filter.roles.includes(Role.Instructor);
  const isTrainee = sql`${answers.id} is not null`;
  const isInstructor = sql`exists (select 1 from ${assignmentInstructors} where ${assignmentInstructors.assignmentId} = ${assignmentId} and ${assignmentInstructors.userId} = ${users.id})`;
  const byStatus =
    filter.answerStatusIds && filter.answerStatusIds.length > 0
      ? and(isTrainee, inArray(answers.statusId, [...filter.answerStatusIds]))
      : isTrainee;
  const membership =
    wantTrainees && wantInstructors
      ? filter.answerStatusIds?.length
        ? byStatus
        : or(isTrainee, isInstructor)
      : wantTrainees
        ? byStatus
        : wantInstructors
          ? isInstructor
          : sql`false`;
  const search = filter.search ? likePattern(filter.search) : undefined;
  const where = and(
    isNull(users.deletedAt),
    membership,
    search
      ? or(
          ilike(users.firstName, search),
          ilike(users.lastName, search),
          ilike(users.email, search),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, search),
        )
      : undefined,
  );
  return readPage(filter, ({ limit, offset }) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        roleId: users.roleId,
        active: users.active,
        imageId: users.imageId,
        imageKey: files.storageKey,
        answerId: answers.id,
        answerStatusId: answers.statusId,
        answerSubmittedAt: answers.submittedAt,
        answerReviewedAt: answers.reviewedAt,
        answerScore: answers.score,
        answerViewed: answers.viewed,
        total: windowTotal(),
      })
      .from(users)
      .leftJoin(answers, and(eq(answers.userId, users.id), eq(answers.assignmentId, assignmentId)))
      .leftJoin(files, eq(files.id, users.imageId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(limit)
      .offset(offset),
  );
}

export interface AnswerRow {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  assignmentId: number;
  statusId: number;
  score: number | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  updatedAt: Date;
  viewed: boolean;
  practiceCounter: number;
  ratingsAnswerId: number | null;
  feedbackAnswerId: number | null;
}

/** Every answer of the assignment (members not soft-deleted), by trainee name. One statement. */
export async function answersOfAssignment(
  db: Db,
  assignmentId: number,
  statusIds?: readonly number[],
): Promise<AnswerRow[]> {
  return db
    .select({
      id: answers.id,
      userId: answers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      assignmentId: answers.assignmentId,
      statusId: answers.statusId,
      score: answers.score,
      submittedAt: answers.submittedAt,
      reviewedAt: answers.reviewedAt,
      updatedAt: answers.updatedAt,
      viewed: answers.viewed,
      practiceCounter: answers.practiceCounter,
      ratingsAnswerId: answers.ratingsAnswerId,
      feedbackAnswerId: answers.feedbackAnswerId,
    })
    .from(answers)
    .innerJoin(users, eq(users.id, answers.userId))
    .where(
      and(
        eq(answers.assignmentId, assignmentId),
        isNull(users.deletedAt),
        statusIds && statusIds.length > 0 ? inArray(answers.statusId, [...statusIds]) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(answers.id));
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

/** The user's current memberships: assignment id, status and (for trainees) the answer status. One statement. */
export async function membershipsOfUser(db: Db | Tx, userId: number, asTrainee: boolean) {
  if (asTrainee) {
    return db
      .select({
        assignmentId: answers.assignmentId,
        assignmentStatusId: assignments.statusId,
        answerStatusId: answers.statusId,
      })
      .from(answers)
      .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
      .where(eq(answers.userId, userId));
  }
  return db
    .select({
      assignmentId: assignmentInstructors.assignmentId,
      assignmentStatusId: assignments.statusId,
      answerStatusId: sql<number | null>`null`,
    })
    .from(assignmentInstructors)
    .innerJoin(assignments, eq(assignments.id, assignmentInstructors.assignmentId))
    .where(eq(assignmentInstructors.userId, userId));
}

// ---------------------------------------------------------------------------
// Usage and dashboard
// ---------------------------------------------------------------------------

/** True when any assignment uses the asset as its environment or as a role's avatar. One statement. */
export async function isAssetInAssignment(db: Db | Tx, assetId: number): Promise<boolean> {
  const [row] = await db
    .select({
      used: scalar<boolean>(
        sql`(exists (select 1 from ${assignments} where ${assignments.environmentId} = ${assetId}) or exists (select 1 from ${assignmentRoles} where ${assignmentRoles.avatarId} = ${assetId}))`,
      ),
    })
    .from(sql`(select 1) as one`);
  return row?.used === true;
}

/**
 * The instructor dashboard's numbers (000 §2.5) for one organization, or all when undefined:
 * active trainees (not deleted), Active assignments and Submitted answers (of members not deleted:
 * the kept counts of migration 0008, summed over the organization's assignments). One statement.
 */
export async function dashboardCounts(db: Db, organizationId: number | undefined) {
  const userOrg =
    organizationId !== undefined ? sql` and ${users.organizationId} = ${organizationId}` : sql``;
  const assignmentOrg =
    organizationId !== undefined
      ? sql` and ${assignments.organizationId} = ${organizationId}`
      : sql``;
  const [row] = await db
    .select({
      totalTrainees: scalar<number>(
        sql`(select count(*) from ${users} where ${users.roleId} = ${Role.Trainee} and ${users.active} and ${users.deletedAt} is null${userOrg})`,
      ).mapWith(Number),
      activeAssignments: scalar<number>(
        sql`(select count(*) from ${assignments} where ${assignments.statusId} = ${AssignmentStatus.Active}${assignmentOrg})`,
      ).mapWith(Number),
      pendingReview: scalar<number>(
        sql`(select coalesce(sum(${answerCounts.submitted}), 0) from ${answerCounts} inner join ${assignments} on ${withAnswerCounts}${organizationId !== undefined ? sql` where ${assignments.organizationId} = ${organizationId}` : sql``})`,
      ).mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row!;
}
