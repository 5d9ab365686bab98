/**
 * Assignments (001 §2, §3, §4, §5, §6, §7 `/assignments…`; 000 §2.5 instructor dashboard; 000
 * §2.10 the user detail's assignments tab). Staff of the organization (and admins) read and manage
 * assignments; trainees never use these calls (they have the mobile API). Rules decided here:
 * - Draft on first save; start date = today on every save while Draft (kept once published).
 * - The composition (interview, roles with avatars, environment, rating scale, feedback form) is
 *   checked against the organization's Assignable scope and changes only in Draft; name,
 *   description and due date stay editable while Planned or Active; a Closed assignment is frozen.
 * - Status: Draft → Planned | Active; Planned → Active | Draft; Active → Draft (no trainee
 *   completed) | Closed (one completed); Planned/Draft → Closed likewise needs a completed answer.
 *   Publishing (Planned/Active) re-checks the composition. Closed → Active ('Reopen', decisions.md#console-flows §3)
 *   only by an admin or the organization's manager ('assignment:reopen'); it keeps the answers,
 *   reviews and due date and does not re-check the composition (the answers were made with it).
 * - Delete only in Draft (a Draft never has completed answers: trainees answer Active ones).
 * - Members: trainees (a Pending answer each, ON CONFLICT DO NOTHING) and instructors of the
 *   assignment's organization, in any status but Closed (the edit screen adds trainees to drafts);
 *   a trainee is removed only while its answer is Pending.
 */
import { groupsByIds, usersByIds } from '../groups/index.js';
import { eq } from 'drizzle-orm';
import {
  AnswerStatus,
  AssetType,
  AssignmentStatus,
  ContentType,
  Role,
  assignmentStatusLabels,
  can,
  format,
  messages,
  type Action,
  type Actor,
  type AssignmentAnswer,
  type AssignmentCandidate,
  type AssignmentCandidatesQuery,
  type AssignmentDashboard,
  type AssignmentDetail,
  type AssignmentList,
  type AssignmentListItem,
  type AssignmentListQuery,
  type AssignmentMembersBody,
  type AssignmentStatusId,
  type AssignmentUsersQuery,
  type CreateInterviewAssignmentBody,
  type ErrorDetail,
  type InterviewAssignmentRoleInput,
  type UpdateInterviewAssignmentBody,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { assignmentRoles, assignments } from '../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { loadAuthorized, requireAllowed } from '../../lib/load-authorized.js';
import { requireInScope, scopeFor } from '../../lib/scope-for.js';
import { assignmentDataOf } from '../composition/index.js';
import { recordAudit } from '../audit/index.js';
import { tellTraineesAdded } from '../notifications/index.js';
import {
  deleteUnusedFiles,
  pendingAnswerFileIds,
  removeStoredFiles,
  type RemovalDeps,
} from '../files/index.js';
import { loadOrganizationFor } from '../organizations/index.js';
import {
  presentAnswer,
  presentAssignmentDetail,
  presentAssignmentListItem,
  presentCandidate,
  presentMember,
} from './presenter.js';
import {
  assetFacts,
  assignmentsByIds,
  contentFacts,
  findAssignment,
  findAssignmentDetail,
  lockAssignment,
  rolePairsOfAssignment,
  roleIdsOfInterview,
  type AssignmentRow,
  type AssignmentDetailRow,
} from './repository.js';
import {
  answersOfAssignment,
  completedAnswersOf,
  deleteInstructors,
  deletePendingAnswers,
  addUserToAssignments,
  insertInstructors,
  insertPendingAnswers,
  listAssignmentUsers,
  listCandidates,
  membershipsOfUser,
  removeUserFromAssignments,
  traineeIdsOfGroups,
} from './members-repository.js';
import { dashboardCounts } from './dashboard-repository.js';

import { listAssignments } from './list-repository.js';

export { isAssetInAssignment } from './dashboard-repository.js';

/** Roles that can be members of an assignment: trainees (answers) and instructors. */
const memberRoles: readonly number[] = [Role.Trainee, Role.Instructor];

/** Today's calendar date in the server's time zone, `YYYY-MM-DD` (001 §5 'start date is set to today on save'). */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The policy target of an assignment row: its organization. */
const assignmentTarget = (row: Pick<AssignmentRow, 'organizationId'>) => ({
  organizationId: row.organizationId,
});

/**
 * Loads an assignment for `action` (`loadAuthorized`): 404 when missing or, for anyone but an
 * admin, in another organization; 403 when the policy refuses (e.g. a trainee).
 */
export function loadAssignmentFor(
  db: Db | Tx,
  actor: Actor,
  id: number,
  action: Action,
): Promise<AssignmentRow> {
  return loadAuthorized(actor, action, findAssignment(db, id), assignmentTarget);
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/**
 * GET /assignments (001 §2 'Assignments list', §7): one page newest first, filtered by
 * organization (admins: any or all; others: their own, 404 for another), status (one or a list),
 * userId (member as trainee or instructor; each row then carries that user's answer) and search;
 * with `statusCounts` over the same filters minus status. 403 for trainees.
 */
export async function listAssignmentsFor(
  db: Db,
  actor: Actor,
  query: AssignmentListQuery,
): Promise<AssignmentList> {
  const organizationId = scopeFor(actor, 'assignment:read', query);
  const filter = {
    organizationId,
    userId: query.userId,
    search: query.search,
  };
  const {
    rows,
    count,
    byStatus = new Map<number, number>(),
  } = await listAssignments(
    db,
    { ...filter, statusIds: query.status, page: query.page, pageSize: query.pageSize },
    { byStatus: true },
  );
  return {
    list: rows.map(presentAssignmentListItem),
    count,
    statusCounts: {
      draft: byStatus.get(AssignmentStatus.Draft) ?? 0,
      planned: byStatus.get(AssignmentStatus.Planned) ?? 0,
      active: byStatus.get(AssignmentStatus.Active) ?? 0,
      closed: byStatus.get(AssignmentStatus.Closed) ?? 0,
    },
  };
}

/** The detail of an assignment the caller may see (no access check). Throws 404 when it vanished. */
async function assignmentDetail(
  db: Db | Tx,
  id: number,
  detailRow?: AssignmentDetailRow,
): Promise<AssignmentDetail> {
  const row = detailRow ?? (await findAssignmentDetail(db, id));
  if (!row) throw new NotFoundError();
  return presentAssignmentDetail(row, await assignmentDataOf(db, { assignmentId: id }));
}

/**
 * GET /assignments/{id} (001 §2 'Assignment detail', §3): the assignment with its interview
 * (roles, questions), rating scale and feedback form (questions, options), environment and
 * avatars with image URLs, counts, average score and the action flags of 001 §4.
 */
export async function getAssignmentFor(
  db: Db,
  actor: Actor,
  id: number,
): Promise<AssignmentDetail> {
  // The detail row carries what the access check needs: one statement fewer than loading first.
  const row = await loadAuthorized(
    actor,
    'assignment:read',
    findAssignmentDetail(db, id),
    assignmentTarget,
  );
  return assignmentDetail(db, id, row);
}

/**
 * GET /assignments/{id}/users (roles 1 trainees / 2 instructors, answer status, search, paging):
 * the members with, for trainees, their answer (score only when Reviewed).
 */
export async function listAssignmentUsersFor(
  db: Db,
  actor: Actor,
  id: number,
  query: AssignmentUsersQuery,
) {
  await loadAssignmentFor(db, actor, id, 'assignment:read');
  const { rows, count } = await listAssignmentUsers(db, id, {
    roles: query.roles,
    answerStatusIds: query.status,
    search: query.search,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { list: rows.map(presentMember), count };
}

/**
 * GET /assignments/{id}/candidates (decisions.md#console-flows §5, the assign dialog): one page of the users of the
 * assignment's organization with `query.roleId` (trainees by default), inactive ones included and
 * marked, by name or email, optionally of one group (of the organization: 404 otherwise). An
 * instructor is offered the users of its own groups (001 §2 'Assign dialog'); a manager or admin
 * every one of the organization. 'assignment:manageMembers' (404 another organization, 403).
 */
export async function listCandidatesFor(
  db: Db,
  actor: Actor,
  id: number,
  query: AssignmentCandidatesQuery,
): Promise<{ list: AssignmentCandidate[]; count: number }> {
  const row = await loadAssignmentFor(db, actor, id, 'assignment:manageMembers');
  if (query.groupId !== undefined) {
    const [group] = await groupsByIds(db, [query.groupId]);
    requireInScope(group?.organizationId, row.organizationId);
  }
  const { rows, count } = await listCandidates(db, id, {
    organizationId: row.organizationId,
    roleId: query.roleId,
    sharingGroupsWith: actor.roleId === Role.Instructor ? actor.id : undefined,
    groupId: query.groupId,
    search: query.search,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { list: rows.map(presentCandidate), count };
}

/** GET /assignments/{id}/answers: every answer of the assignment as an array (001 §7). */
export async function listAssignmentAnswersFor(
  db: Db,
  actor: Actor,
  id: number,
  statusIds: readonly number[] | undefined,
): Promise<AssignmentAnswer[]> {
  await loadAssignmentFor(db, actor, id, 'assignment:read');
  return (await answersOfAssignment(db, id, statusIds)).map(presentAnswer);
}

/**
 * GET /assignments/dashboard (000 §2.5 instructor dashboard): active trainees of the organization,
 * its Active assignments and its Submitted answers. Admins may name an organization (all when
 * absent); others get their own (404 for another). 403 for trainees.
 */
export async function dashboardFor(
  db: Db,
  actor: Actor,
  organizationId: number | undefined,
): Promise<AssignmentDashboard> {
  const scoped = scopeFor(actor, 'assignment:read', { organizationId });
  if (actor.roleId === Role.Admin && scoped !== undefined)
    await loadOrganizationFor(db, actor, scoped, 'assignment:read');
  return dashboardCounts(db, scoped);
}

// ---------------------------------------------------------------------------
// The composition (001 §5)
// ---------------------------------------------------------------------------

interface Composition {
  interviewId: number;
  environmentId: number;
  ratingsId: number;
  feedbackId: number;
  roles: readonly InterviewAssignmentRoleInput[];
}

/**
 * Checks a composition against the organization (001 §5, decisions.md#content): the interview
 * is an Active interview assignable to it (messages.selectInterviewToContinue); the environment an
 * Environment available to it (messages.selectEnvironmentToContinue); the roles are exactly the
 * interview's (messages.missingRoles for none or a foreign role, 'Select an
 * Avatar to continue' for a role left without one) each with an Avatar available to it; the
 * rating scale and feedback form are Active and assignable ('Select a Rating Scale/Feedback Form
 * to continue') of the right type (messages.invalidRatingsSelection, messages.invalidFeedbackSelection).
 * Throws one 400 with every problem as details; the message is the first one's.
 */
async function checkComposition(
  db: Db | Tx,
  organizationId: number,
  form: Composition,
): Promise<void> {
  const details: ErrorDetail[] = [];
  const contentIds = [form.interviewId, form.ratingsId, form.feedbackId];
  const assetIds = [form.environmentId, ...form.roles.map((r) => r.avatarId)];
  const [contentRows, assetRows] = await Promise.all([
    contentFacts(db, contentIds, organizationId),
    assetFacts(db, assetIds, organizationId),
  ]);
  const content = new Map(contentRows.map((c) => [c.id, c]));
  const asset = new Map(assetRows.map((a) => [a.id, a]));
  const usable = (id: number, typeId: number) => {
    const c = content.get(id);
    return c?.contentTypeId === typeId && c.assignable;
  };
  const available = (id: number, typeId: number) => {
    const a = asset.get(id);
    return a?.assetTypeId === typeId && a.available;
  };

  const interviewOk = usable(form.interviewId, ContentType.Interview);
  if (!interviewOk)
    details.push({ path: 'interviewId', message: messages.selectInterviewToContinue });
  if (!available(form.environmentId, AssetType.Environment))
    details.push({ path: 'environmentId', message: messages.selectEnvironmentToContinue });

  if (interviewOk) {
    const roleIds = await roleIdsOfInterview(db, form.interviewId);
    if (roleIds.length === 0) details.push({ path: 'roles', message: messages.missingRoles });
    form.roles.forEach((r, i) => {
      if (!roleIds.includes(r.roleId))
        details.push({ path: `roles.${i}.roleId`, message: messages.missingRoles });
    });
    const given = new Set(form.roles.map((r) => r.roleId));
    if (roleIds.some((roleId) => !given.has(roleId)))
      details.push({ path: 'roles', message: messages.selectAvatarToContinue });
  }
  form.roles.forEach((r, i) => {
    if (!available(r.avatarId, AssetType.Avatar))
      details.push({ path: `roles.${i}.avatarId`, message: messages.selectAvatarToContinue });
  });

  const evaluation = (
    path: 'ratingsId' | 'feedbackId',
    id: number,
    typeId: number,
    invalid: string,
    missing: string,
  ) => {
    const c = content.get(id);
    if (c && c.contentTypeId !== typeId) details.push({ path, message: invalid });
    else if (!usable(id, typeId)) details.push({ path, message: missing });
  };
  evaluation(
    'ratingsId',
    form.ratingsId,
    ContentType.RatingScale,
    messages.invalidRatingsSelection,
    messages.selectRatingScaleToContinue,
  );
  evaluation(
    'feedbackId',
    form.feedbackId,
    ContentType.Feedback,
    messages.invalidFeedbackSelection,
    messages.selectFeedbackFormToContinue,
  );

  if (details.length > 0) throw new ValidationError(details[0]!.message, details);
}

/** The stored composition of an assignment (null references become 0: never found, so refused). */
async function storedComposition(db: Db | Tx, row: AssignmentRow): Promise<Composition> {
  const roles = await rolePairsOfAssignment(db, row.id);
  return {
    interviewId: row.interviewId ?? 0,
    environmentId: row.environmentId ?? 0,
    ratingsId: row.ratingsId ?? 0,
    feedbackId: row.feedbackId ?? 0,
    roles: roles.map((r) => ({ roleId: r.roleId, avatarId: r.avatarId ?? 0 })),
  };
}

/** Whether two compositions are the same (roles compared as sets of pairs). */
function sameComposition(a: Composition, b: Composition): boolean {
  const pairs = (c: Composition) =>
    c.roles
      .map((r) => `${r.roleId}:${r.avatarId}`)
      .sort()
      .join(',');
  return (
    a.interviewId === b.interviewId &&
    a.environmentId === b.environmentId &&
    a.ratingsId === b.ratingsId &&
    a.feedbackId === b.feedbackId &&
    pairs(a) === pairs(b)
  );
}

// ---------------------------------------------------------------------------
// Writing the assignment
// ---------------------------------------------------------------------------

/**
 * A due date being saved is today or later: 400 'Due date cannot be before today!'
 * at `closeDate` otherwise. `stored` is the assignment's current due date: sending it back
 * unchanged is allowed even once it has passed, so an overdue assignment's texts stay editable.
 */
function assertCloseDate(closeDate: string | null | undefined, stored: string | null = null): void {
  if (closeDate == null || closeDate === stored || closeDate >= todayIsoDate()) return;
  throw new ValidationError(messages.closeDateInPast, [
    { path: 'closeDate', message: messages.closeDateInPast },
  ]);
}

/**
 * POST /assignments/interview (001 §3 'Interview assignment form', §5): creates a Draft
 * assignment of the organization starting today, with an avatar per interview role. 404 for
 * another organization, 403 for trainees, 400 with the wizard's messages (a due date before
 * today: 'Due date cannot be before today!'). Answers the detail.
 */
export async function createInterviewAssignment(
  db: Db,
  actor: Actor,
  body: CreateInterviewAssignmentBody,
): Promise<AssignmentDetail> {
  await loadOrganizationFor(db, actor, body.organizationId, 'assignment:manage');
  assertCloseDate(body.closeDate);
  await checkComposition(db, body.organizationId, body);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(assignments)
      .values({
        name: body.name,
        description: body.description,
        statusId: AssignmentStatus.Draft,
        startDate: todayIsoDate(),
        closeDate: body.closeDate ?? null,
        organizationId: body.organizationId,
        interviewId: body.interviewId,
        environmentId: body.environmentId,
        ratingsId: body.ratingsId,
        feedbackId: body.feedbackId,
        createdById: actor.id,
      })
      .returning({ id: assignments.id });
    await tx.insert(assignmentRoles).values(
      body.roles.map((r) => ({
        assignmentId: created!.id,
        interviewRoleId: r.roleId,
        avatarId: r.avatarId,
      })),
    );
    return created!.id;
  });
  return assignmentDetail(db, id);
}

/**
 * PUT /assignments/interview/{id} (001 §2 'Assignment edit'): in Draft, the whole form (checked as
 * on create; start date = today); while Planned or Active, name, description and due date only —
 * a different composition is refused (400). Closed: 400 'This assignment is closed.'. The
 * organization never changes (400); a due date changed to before today is refused (400, see
 * `assertCloseDate`). 404 other organization, 403 trainees. Answers the detail.
 */
export async function updateInterviewAssignment(
  db: Db,
  actor: Actor,
  id: number,
  body: UpdateInterviewAssignmentBody,
): Promise<AssignmentDetail> {
  const row = await loadAssignmentFor(db, actor, id, 'assignment:manage');
  if (body.organizationId !== undefined && body.organizationId !== row.organizationId) {
    throw new ValidationError(messages.organizationFixed, [
      { path: 'organizationId', message: messages.organizationFixed },
    ]);
  }
  assertCloseDate(body.closeDate, row.closeDate);
  await db.transaction(async (tx) => {
    const locked = await lockAssignment(tx, id);
    if (!locked) throw new NotFoundError();
    if (locked.statusId === AssignmentStatus.Closed)
      throw new ValidationError(messages.assignmentClosed);
    const texts = {
      name: body.name,
      description: body.description,
      closeDate: body.closeDate ?? null,
      updatedAt: new Date(),
    };
    if (locked.statusId === AssignmentStatus.Draft) {
      await checkComposition(tx, row.organizationId, body);
      await tx
        .update(assignments)
        .set({
          ...texts,
          startDate: todayIsoDate(),
          interviewId: body.interviewId,
          environmentId: body.environmentId,
          ratingsId: body.ratingsId,
          feedbackId: body.feedbackId,
        })
        .where(eq(assignments.id, id));
      await tx.delete(assignmentRoles).where(eq(assignmentRoles.assignmentId, id));
      await tx.insert(assignmentRoles).values(
        body.roles.map((r) => ({
          assignmentId: id,
          interviewRoleId: r.roleId,
          avatarId: r.avatarId,
        })),
      );
      return;
    }
    if (!sameComposition(await storedComposition(tx, row), body)) {
      throw new ValidationError(messages.compositionLocked);
    }
    await tx.update(assignments).set(texts).where(eq(assignments.id, id));
  });
  return assignmentDetail(db, id);
}

/**
 * DELETE /assignments/interview/{id}: only a Draft assignment (400 otherwise); its roles,
 * instructors and (Pending) answers go with it, and the videos (originals, MP4s, posters) only
 * those answers used, rows in the transaction and bytes from `deps.storage` after it committed.
 * 404 other organization, 403 trainees.
 */
export async function deleteInterviewAssignment(
  deps: RemovalDeps,
  actor: Actor,
  id: number,
): Promise<void> {
  await loadAssignmentFor(deps.db, actor, id, 'assignment:manage');
  const removedKeys = await deps.db.transaction(async (tx) => {
    const locked = await lockAssignment(tx, id);
    if (!locked) throw new NotFoundError();
    if (locked.statusId !== AssignmentStatus.Draft || locked.completedCount > 0)
      throw new ValidationError(messages.deleteOnlyDraft);
    const fileIds = await pendingAnswerFileIds(tx, [id]);
    await tx.delete(assignments).where(eq(assignments.id, id));
    return deleteUnusedFiles(tx, fileIds);
  });
  await removeStoredFiles(deps, removedKeys);
}

/** Whether 001 §4 (and decisions.md#console-flows §3's reopen, Closed → Active) allows `from` → `to` given the number of completed answers. */
function transitionAllowed(from: number, to: AssignmentStatusId, completed: number): boolean {
  switch (to) {
    case AssignmentStatus.Draft:
      return (
        (from === AssignmentStatus.Planned || from === AssignmentStatus.Active) && completed === 0
      );
    case AssignmentStatus.Planned:
      return from === AssignmentStatus.Draft;
    case AssignmentStatus.Active:
      return (
        from === AssignmentStatus.Draft ||
        from === AssignmentStatus.Planned ||
        from === AssignmentStatus.Closed
      );
    case AssignmentStatus.Closed:
      return from !== AssignmentStatus.Closed && completed > 0;
    default:
      return false;
  }
}

/**
 * PUT /assignments/{id}/status?statusId= (001 §4): Draft, Planned, Active or Closed, per
 * `transitionAllowed` (400 'This status change is not allowed.'); the same status is a no-op.
 * Publishing re-checks the composition (400 with the wizard's messages). Answers the detail and
 * 'Assignment status updated to {status}!'. A change is recorded in the audit log ('assignment.status',
 * before/after statusId) in its transaction. Reopening (Closed → Active, decisions.md#console-flows §3) takes
 * 'assignment:reopen' (403 for an instructor) and skips the composition check. `loaded` is the
 * row the route's preValidation hook already authorized ('assignment:changeStatus'), if any.
 */
export async function changeAssignmentStatus(
  db: Db,
  actor: Actor,
  id: number,
  statusId: AssignmentStatusId,
  loaded?: AssignmentRow,
): Promise<{ assignment: AssignmentDetail; message: string }> {
  const row = loaded ?? (await loadAssignmentFor(db, actor, id, 'assignment:changeStatus'));
  await db.transaction(async (tx) => {
    const locked = await lockAssignment(tx, id);
    if (!locked) throw new NotFoundError();
    if (locked.statusId === statusId) return;
    const reopening =
      locked.statusId === AssignmentStatus.Closed && statusId === AssignmentStatus.Active;
    if (reopening) requireAllowed(actor, 'assignment:reopen', assignmentTarget(row));
    if (!transitionAllowed(locked.statusId, statusId, locked.completedCount))
      throw new ValidationError(messages.statusTransitionNotAllowed);
    if (
      !reopening &&
      (statusId === AssignmentStatus.Planned || statusId === AssignmentStatus.Active)
    )
      await checkComposition(tx, row.organizationId, await storedComposition(tx, row));
    await tx
      .update(assignments)
      .set({ statusId, updatedAt: new Date() })
      .where(eq(assignments.id, id));
    if (statusId === AssignmentStatus.Active) await tellTraineesAdded(tx, [id]);
    await recordAudit(tx, [
      {
        organizationId: row.organizationId,
        assignmentId: id,
        actorId: actor.id,
        action: 'assignment.status',
        before: { statusId: locked.statusId },
        after: { statusId },
      },
    ]);
  });
  return {
    assignment: await assignmentDetail(db, id),
    message: format.assignmentStatusUpdatedTo(assignmentStatusLabels[statusId]),
  };
}

// ---------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------

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
  db: Db,
  actor: Actor,
  id: number,
  body: AssignmentMembersBody,
): Promise<AssignmentListItem> {
  const row = await loadAssignmentFor(db, actor, id, 'assignment:manageMembers');
  const { trainees, instructors } = await splitMembers(db, actor, row.organizationId, body.ids);
  const groupIds = body.groupIds ?? [];
  const groupRows = new Map((await groupsByIds(db, groupIds)).map((g) => [g.id, g]));
  for (const groupId of groupIds) {
    if (groupRows.get(groupId)?.organizationId !== row.organizationId) throw new NotFoundError();
  }
  const allTrainees = [...new Set([...trainees, ...(await traineeIdsOfGroups(db, groupIds))])];
  await db.transaction(async (tx) => {
    const locked = await lockAssignment(tx, id);
    if (!locked) throw new NotFoundError();
    if (locked.statusId === AssignmentStatus.Closed)
      throw new ValidationError(messages.assignmentClosed);
    await insertPendingAnswers(tx, id, allTrainees);
    await tellTraineesAdded(tx, [id], allTrainees);
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
 * only they used with them, bytes from `deps.storage` after the commit. The caller loaded the
 * user; this checks 'assignment:manageMembers' (403).
 */
export async function saveUserAssignments(
  deps: RemovalDeps,
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
    if (asTrainee) await tellTraineesAdded(tx, toAdd, [user.id]);
    await removeUserFromAssignments(tx, user.id, leaving, asTrainee);
    return deleteUnusedFiles(tx, fileIds);
  });
  await removeStoredFiles(deps, removedKeys);
  return listUserAssignments(db, user);
}
