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
 * - Members (members-service.ts): trainees and instructors of the assignment's organization, in
 *   any status but Closed; a trainee is removed only while its answer is Pending.
 *
 * The composition's checks are in composition-check.ts, the door to one assignment row in
 * load-assignment.ts.
 */
import { eq } from 'drizzle-orm';
import {
  AssignmentStatus,
  Role,
  assignmentStatusLabels,
  format,
  messages,
  type Actor,
  type AssignmentAnswer,
  type AssignmentCandidate,
  type AssignmentCandidatesQuery,
  type AssignmentDashboard,
  type AssignmentDetail,
  type AssignmentList,
  type AssignmentListQuery,
  type AssignmentStatusId,
  type AssignmentUsersQuery,
  type CreateInterviewAssignmentBody,
  type UpdateInterviewAssignmentBody,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { assignmentRoles, assignments } from '../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { loadAuthorized, requireAllowed } from '../../lib/load-authorized.js';
import { requireInScope, scopeFor } from '../../lib/scope-for.js';
import { recordAudit } from '../audit/index.js';
import { assignmentDataOf } from '../composition/index.js';
import {
  deleteUnusedFiles,
  pendingAnswerFileIds,
  removeStoredFiles,
  type FileUrlDeps,
  type RemovalDeps,
} from '../files/index.js';
import { groupsByIds } from '../groups/index.js';
import { tellTraineesAdded, type NotifyDeps } from '../notifications/index.js';
import { loadOrganizationFor } from '../organizations/index.js';
import { checkComposition, sameComposition, storedComposition } from './composition-check.js';
import { dashboardCounts } from './dashboard-repository.js';
import { listAssignments } from './list-repository.js';
import { assignmentTarget, loadAssignmentFor } from './load-assignment.js';
import { answersOfAssignment, listAssignmentUsers, listCandidates } from './members-repository.js';
import {
  presentAnswer,
  presentAssignmentDetail,
  presentAssignmentListItem,
  presentCandidate,
  presentMember,
} from './presenter.js';
import {
  findAssignmentDetail,
  lockAssignment,
  type AssignmentDetailRow,
  type AssignmentRow,
} from './repository.js';

/** Today's calendar date in the server's time zone, `YYYY-MM-DD` (001 §5 'start date is set to today on save'). */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
  deps: FileUrlDeps,
  id: number,
  detailRow?: AssignmentDetailRow,
): Promise<AssignmentDetail> {
  const row = detailRow ?? (await findAssignmentDetail(deps.db, id));
  if (!row) throw new NotFoundError();
  return presentAssignmentDetail(row, await assignmentDataOf(deps, { assignmentId: id }));
}

/**
 * GET /assignments/{id} (001 §2 'Assignment detail', §3): the assignment with its interview
 * (roles, questions), rating scale and feedback form (questions, options), environment and
 * avatars with image URLs, counts, average score and the action flags of 001 §4.
 */
export async function getAssignmentFor(
  deps: FileUrlDeps,
  actor: Actor,
  id: number,
): Promise<AssignmentDetail> {
  const { db } = deps;
  // The detail row carries what the access check needs: one statement fewer than loading first.
  const row = await loadAuthorized(
    actor,
    'assignment:read',
    findAssignmentDetail(db, id),
    assignmentTarget,
  );
  return assignmentDetail(deps, id, row);
}

/**
 * GET /assignments/{id}/users (roles 1 trainees / 2 instructors, answer status, search, paging):
 * the members with, for trainees, their answer (score only when Reviewed).
 */
export async function listAssignmentUsersFor(
  { db, urls }: FileUrlDeps,
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
  return { list: rows.map((row) => presentMember(urls, row)), count };
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
  deps: FileUrlDeps,
  actor: Actor,
  body: CreateInterviewAssignmentBody,
): Promise<AssignmentDetail> {
  const { db } = deps;
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
  return assignmentDetail(deps, id);
}

/**
 * PUT /assignments/interview/{id} (001 §2 'Assignment edit'): in Draft, the whole form (checked as
 * on create; start date = today); while Planned or Active, name, description and due date only —
 * a different composition is refused (400). Closed: 400 'This assignment is closed.'. The
 * organization never changes (400); a due date changed to before today is refused (400, see
 * `assertCloseDate`). 404 other organization, 403 trainees. Answers the detail.
 */
export async function updateInterviewAssignment(
  deps: FileUrlDeps,
  actor: Actor,
  id: number,
  body: UpdateInterviewAssignmentBody,
): Promise<AssignmentDetail> {
  const { db } = deps;
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
  return assignmentDetail(deps, id);
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
  { db, urls, publicUrl }: NotifyDeps & Pick<FileUrlDeps, 'urls'>,
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
    if (statusId === AssignmentStatus.Active) await tellTraineesAdded(tx, publicUrl, [id]);
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
    assignment: await assignmentDetail({ db, urls }, id),
    message: format.assignmentStatusUpdatedTo(assignmentStatusLabels[statusId]),
  };
}

// The row door and the members' calls live in load-assignment.ts and members-service.ts; the
// routes call them through here.
export { loadAssignmentFor } from './load-assignment.js';
export {
  addAssignmentMembers,
  removeAssignmentMembers,
  saveUserAssignments,
} from './members-service.js';
