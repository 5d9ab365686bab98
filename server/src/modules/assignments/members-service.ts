/**
 * An assignment's members (001 §2 'Assign dialog', §6) and a user's assignments (000 §2.10):
 * trainees (a Pending answer each, ON CONFLICT DO NOTHING) and instructors of the assignment's
 * organization join in any status but Closed (the edit screen adds trainees to drafts); a trainee
 * is removed only while its answer is Pending, and the videos only that answer used go with it.
 */
import { eq } from 'drizzle-orm';
import {
  AnswerStatus,
  AssignmentStatus,
  Role,
  can,
  messages,
  type Actor,
  type AssignmentListItem,
  type AssignmentMembersBody,
  type ErrorDetail,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { assignments } from '../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { requireAllowed } from '../../lib/load-authorized.js';
import { requireInScope } from '../../lib/scope-for.js';
import {
  deleteUnusedFiles,
  pendingAnswerFileIds,
  removeStoredFiles,
  type RemovalDeps,
} from '../files/index.js';
import { groupsByIds, usersByIds } from '../groups/index.js';
import { tellTraineesAdded, type NotifyDeps } from '../notifications/index.js';
import { listAssignments } from './list-repository.js';
import { loadAssignmentFor } from './load-assignment.js';
import {
  addUserToAssignments,
  completedAnswersOf,
  deleteInstructors,
  deletePendingAnswers,
  insertInstructors,
  insertPendingAnswers,
  membershipsOfUser,
  removeUserFromAssignments,
  traineeIdsOfGroups,
} from './members-repository.js';
import { presentAssignmentListItem } from './presenter.js';
import { assignmentsByIds, findAssignment, lockAssignment } from './repository.js';

/** Roles that can be members of an assignment: trainees (answers) and instructors. */
const memberRoles: readonly number[] = [Role.Trainee, Role.Instructor];

/** A user who may not join an assignment: inactive or soft-deleted. */
const isInactive = (user: { active: boolean; deletedAt: Date | null }) =>
  !user.active || user.deletedAt !== null;

/**
 * Checks that every id is a trainee or instructor of `organizationId` who may join: 404 when one
 * is missing, of another organization, or soft-deleted and `actor` may not see deleted users (an
 * admin may); 400 'Role is invalid!' for another role; 400 'Inactive or deleted users cannot be
 * added to an assignment.' for an inactive or (seen) soft-deleted one. Answers the trainee ids
 * and the instructor ids.
 */
async function splitMembers(
  db: Db | Tx,
  actor: Actor,
  organizationId: number,
  ids: readonly number[],
): Promise<{ trainees: number[]; instructors: number[] }> {
  const found = new Map((await usersByIds(db, ids)).map((u) => [u.id, u]));
  const wrongRole: ErrorDetail[] = [];
  const inactive: ErrorDetail[] = [];
  const trainees: number[] = [];
  const instructors: number[] = [];
  ids.forEach((id, i) => {
    const user = found.get(id);
    if (
      !user ||
      user.organizationId !== organizationId ||
      (user.deletedAt !== null && !can(actor, 'user:viewDeleted'))
    )
      throw new NotFoundError();
    if (!memberRoles.includes(user.roleId))
      wrongRole.push({ path: `ids.${i}`, message: messages.roleInvalid });
    else if (isInactive(user))
      inactive.push({ path: `ids.${i}`, message: messages.memberInactive });
    else if (user.roleId === Role.Trainee) trainees.push(id);
    else instructors.push(id);
  });
  if (wrongRole.length > 0) throw new ValidationError(messages.roleInvalid, wrongRole);
  if (inactive.length > 0) throw new ValidationError(messages.memberInactive, inactive);
  return { trainees, instructors };
}

/** The assignment as lists show it, after a membership change. */
async function listItem(db: Db, id: number): Promise<AssignmentListItem> {
  const row = await findAssignment(db, id);
  if (!row) throw new NotFoundError();
  return presentAssignmentListItem(row);
}

/**
 * PUT /assignments/{id}/add {ids, groupIds?} (001 §2 'Assign dialog'): trainees get a Pending
 * answer (kept when they already have one: concurrent adds create one answer), instructors join
 * the Instructors tab, and the active trainees of `groupIds` are added too. Users and groups must
 * be of the assignment's organization (404), users active trainees or instructors (400, see
 * `splitMembers`); a Closed assignment refuses (400). Answers the assignment with its counts and
 * messages.assignmentTraineesSaved.
 */
export async function addAssignmentMembers(
  { db, publicUrl }: NotifyDeps,
  actor: Actor,
  id: number,
  body: AssignmentMembersBody,
): Promise<AssignmentListItem> {
  const row = await loadAssignmentFor(db, actor, id, 'assignment:manageMembers');
  const { trainees, instructors } = await splitMembers(db, actor, row.organizationId, body.ids);
  const groupIds = body.groupIds ?? [];
  const groupRows = new Map((await groupsByIds(db, groupIds)).map((g) => [g.id, g]));
  for (const groupId of groupIds) {
    requireInScope(groupRows.get(groupId)?.organizationId, row.organizationId);
  }
  const allTrainees = [...new Set([...trainees, ...(await traineeIdsOfGroups(db, groupIds))])];
  await db.transaction(async (tx) => {
    const locked = await lockAssignment(tx, id);
    if (!locked) throw new NotFoundError();
    if (locked.statusId === AssignmentStatus.Closed)
      throw new ValidationError(messages.assignmentClosed);
    await insertPendingAnswers(tx, id, allTrainees);
    await tellTraineesAdded(tx, publicUrl, [id], allTrainees);
    await insertInstructors(tx, id, instructors);
    await tx.update(assignments).set({ updatedAt: new Date() }).where(eq(assignments.id, id));
  });
  return listItem(db, id);
}

/**
 * PUT /assignments/{id}/remove {ids}: removes trainees (only while their answer is Pending: 400
 * 'Only trainees whose answer is Pending can be removed.', nothing removed) and instructors; ids
 * that are not members are ignored. A Closed assignment refuses (400). The videos (originals,
 * MP4s, posters) only the removed trainees' Pending answers used are deleted, rows in the
 * transaction and bytes from `deps.storage` after it committed. Answers the assignment with its
 * counts (messages.traineeRemoved).
 */
export async function removeAssignmentMembers(
  deps: RemovalDeps,
  actor: Actor,
  id: number,
  ids: readonly number[],
): Promise<AssignmentListItem> {
  const { db } = deps;
  await loadAssignmentFor(db, actor, id, 'assignment:manageMembers');
  const removedKeys = await db.transaction(async (tx) => {
    const locked = await lockAssignment(tx, id);
    if (!locked) throw new NotFoundError();
    if (locked.statusId === AssignmentStatus.Closed)
      throw new ValidationError(messages.assignmentClosed);
    const completed = await completedAnswersOf(tx, id, ids);
    if (completed.length > 0) {
      throw new ValidationError(
        messages.removeOnlyPending,
        completed.map((userId) => ({
          path: `ids.${ids.indexOf(userId)}`,
          message: messages.removeOnlyPending,
        })),
      );
    }
    const fileIds = await pendingAnswerFileIds(tx, [id], ids);
    await deletePendingAnswers(tx, id, ids);
    await deleteInstructors(tx, id, ids);
    await tx.update(assignments).set({ updatedAt: new Date() }).where(eq(assignments.id, id));
    return deleteUnusedFiles(tx, fileIds);
  });
  await removeStoredFiles(deps, removedKeys);
  return listItem(db, id);
}

// ---------------------------------------------------------------------------
// A user's assignments (000 §2.10)
// ---------------------------------------------------------------------------

/** Page size used to answer all of a user's assignments at once. */
const userAssignmentsLimit = 1000;

/** The user's assignments (as trainee or instructor) with its answer on each, newest first. */
export async function listUserAssignments(
  db: Db,
  user: { id: number; organizationId: number | null },
): Promise<{ list: AssignmentListItem[]; count: number }> {
  const { rows, count } = await listAssignments(db, {
    organizationId: user.organizationId ?? -1,
    userId: user.id,
    page: 1,
    pageSize: userAssignmentsLimit,
  });
  return { list: rows.map(presentAssignmentListItem), count };
}

/**
 * PUT /users/{id}/assignments {ids} (000 §2.10 the assignments picker): makes the user's
 * assignments exactly `ids` among those not Closed (Closed memberships are kept as they are). A
 * trainee gets Pending answers (removal only while Pending: 400), an instructor joins or leaves
 * the Instructors tab; other roles: 400 'Role is invalid!' unless `ids` is empty. Assignments
 * must be of the user's organization (404); adding to a Closed one is refused (400), and so is
 * adding an inactive or soft-deleted user (400 'Inactive or deleted users cannot be added to an
 * assignment.'). A trainee's removed Pending answers take the videos (originals, MP4s, posters)
 * only they used with them, bytes from `deps.storage` after the commit; the mails to added
 * trainees link to `deps.publicUrl`. The caller loaded the user; this checks 'assignment:manageMembers' (403).
 */
export async function saveUserAssignments(
  deps: RemovalDeps & Pick<NotifyDeps, 'publicUrl'>,
  actor: Actor,
  user: { id: number; organizationId: number | null; roleId: number },
  ids: readonly number[],
): Promise<{ list: AssignmentListItem[]; count: number }> {
  const { db } = deps;
  requireAllowed(actor, 'assignment:manageMembers', { organizationId: user.organizationId });
  if (!memberRoles.includes(user.roleId)) {
    if (ids.length === 0) return listUserAssignments(db, user);
    throw new ValidationError(messages.roleInvalid, [
      { path: 'ids', message: messages.roleInvalid },
    ]);
  }
  const found = new Map((await assignmentsByIds(db, ids)).map((a) => [a.id, a]));
  for (const id of ids) {
    if (found.get(id)?.organizationId !== user.organizationId) throw new NotFoundError();
  }
  const asTrainee = user.roleId === Role.Trainee;
  const [stored] = await usersByIds(db, [user.id]);
  const removedKeys = await db.transaction(async (tx) => {
    const current = await membershipsOfUser(tx, user.id, asTrainee);
    const currentIds = new Set(current.map((m) => m.assignmentId));
    const wanted = new Set(ids);
    const toAdd = ids.filter((id) => !currentIds.has(id));
    const toRemove = current.filter(
      (m) => !wanted.has(m.assignmentId) && m.assignmentStatusId !== AssignmentStatus.Closed,
    );
    if (toAdd.length > 0 && (!stored || isInactive(stored)))
      throw new ValidationError(messages.memberInactive, [
        { path: 'ids', message: messages.memberInactive },
      ]);
    if (toAdd.some((id) => found.get(id)!.statusId === AssignmentStatus.Closed))
      throw new ValidationError(messages.assignmentClosed);
    if (
      toRemove.some((m) => m.answerStatusId !== null && m.answerStatusId !== AnswerStatus.Pending)
    )
      throw new ValidationError(messages.removeOnlyPending);
    const leaving = toRemove.map((m) => m.assignmentId);
    const fileIds = asTrainee ? await pendingAnswerFileIds(tx, leaving, [user.id]) : [];
    await addUserToAssignments(tx, user.id, toAdd, asTrainee);
    if (asTrainee) await tellTraineesAdded(tx, deps.publicUrl, toAdd, [user.id]);
    await removeUserFromAssignments(tx, user.id, leaving, asTrainee);
    return deleteUnusedFiles(tx, fileIds);
  });
  await removeStoredFiles(deps, removedKeys);
  return listUserAssignments(db, user);
}
