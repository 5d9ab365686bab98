/**
 * An assignment's members (001 §2 'Assignment detail' tabs, §7 `/assignments/{id}/users`,
 * `/assignments/{id}/answers`, the user detail's assignments): trainees (a Pending answer each) and
 * instructors. Members whose account is soft-deleted are left out of every list (as in groups);
 * they come back when restored.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { AnswerStatus, Role, type RoleId } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { readPage, windowTotal } from '../../db/paging.js';
import { likePattern, userNameOrEmailMatches } from '../../db/sql-helpers.js';
import {
  answers,
  assignmentInstructors,
  assignments,
  files,
  groupMembers,
  groups,
  users,
} from '../../db/schema/index.js';

/** SQL: the answer of the row is not Pending (it was submitted). */
const completedSql = sql`${answers.statusId} <> ${AnswerStatus.Pending}`;

// usersByIds and groupsByIds: see groups/repository.ts (one definition, imported by the service).

/**
 * The ids of the active, not soft-deleted trainees of all `groupIds` (an inactive or deleted
 * member is left out, never added to an assignment). One statement.
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
    search ? userNameOrEmailMatches(search) : undefined,
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

/** The columns of an `AnswerRow`, over answers joined to their trainee (users). */
export const answerRowColumns = {
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
};

/** Every answer of the assignment (members not soft-deleted), by trainee name. One statement. */
export async function answersOfAssignment(
  db: Db,
  assignmentId: number,
  statusIds?: readonly number[],
): Promise<AnswerRow[]> {
  return db
    .select(answerRowColumns)
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

export interface CandidateRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  groups: [number, string][];
  member: boolean;
  answerStatusId: number | null;
}

/**
 * One page of the users the assign dialog offers (decisions.md#console-flows §5): the `roleId` users of
 * `organizationId`, not soft-deleted, inactive ones included (shown, not pickable); optionally only
 * those sharing a group with `sharingGroupsWith` (an instructor's own groups, 001 §2), of `groupId`,
 * matching `search` on first name, last name, full name or email. Each carries its groups as
 * `[id, name]` pairs (by name), whether it is on the assignment and a trainee's answer status; by
 * last name, first name, id, with the total. One statement.
 */
export async function listCandidates(
  db: Db,
  assignmentId: number,
  filter: {
    organizationId: number;
    roleId: RoleId;
    sharingGroupsWith?: number | undefined;
    groupId?: number | undefined;
    search?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: CandidateRow[]; count: number }> {
  const search = filter.search ? likePattern(filter.search) : undefined;
  const inGroupsOf =
    filter.sharingGroupsWith === undefined
      ? undefined
      : sql`exists (select 1 from ${groupMembers} mine inner join ${groupMembers} theirs on theirs.group_id = mine.group_id where mine.user_id = ${filter.sharingGroupsWith} and theirs.user_id = ${users.id})`;
  const inGroup =
    filter.groupId === undefined
      ? undefined
      : sql`exists (select 1 from ${groupMembers} chosen where chosen.group_id = ${filter.groupId} and chosen.user_id = ${users.id})`;
  const groupsOfUser = sql<
    [number, string][]
  >`(select coalesce(json_agg(json_build_array(${groups.id}, ${groups.name}) order by lower(${groups.name}), ${groups.id}), '[]') from ${groupMembers} inner join ${groups} on ${groups.id} = ${groupMembers.groupId} where ${groupMembers.userId} = ${users.id})`;
  const member =
    filter.roleId === Role.Trainee
      ? sql<boolean>`${answers.id} is not null`
      : sql<boolean>`exists (select 1 from ${assignmentInstructors} where ${assignmentInstructors.assignmentId} = ${assignmentId} and ${assignmentInstructors.userId} = ${users.id})`;
  return readPage(filter, ({ limit, offset }) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        active: users.active,
        groups: groupsOfUser,
        member,
        answerStatusId: answers.statusId,
        total: windowTotal(),
      })
      .from(users)
      .leftJoin(answers, and(eq(answers.userId, users.id), eq(answers.assignmentId, assignmentId)))
      .where(
        and(
          eq(users.organizationId, filter.organizationId),
          eq(users.roleId, filter.roleId),
          isNull(users.deletedAt),
          inGroupsOf,
          inGroup,
          search ? userNameOrEmailMatches(search) : undefined,
        ),
      )
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(limit)
      .offset(offset),
  );
}
