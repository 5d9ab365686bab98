/**
 * Insights (decisions.md#insights-and-administration §1): per-criterion analytics of the reviews. Rules decided here:
 * - Assignment insights ('assignment:insights': staff of the assignment's organization, admins;
 *   404 missing or another organization, 403 a trainee). An instructor reads them for every
 *   assignment of its organization, as it reads the assignment's detail.
 * - Trainee progress ('user:progress': staff of the user's organization, admins; 404 missing,
 *   another organization, a soft-deleted user for anyone but an admin, or a user who is not a
 *   trainee; 403 a trainee, itself included).
 * - Reviewer consistency ('organization:reviewerConsistency': an admin, or a manager of that
 *   organization; 404 missing or another organization, 403 an instructor or a trainee).
 * Each call is two statements: the access check's lookup, then the view built in one statement.
 */
import {
  Role,
  type RoleId,
  type Actor,
  type AssignmentInsights,
  type ReviewerConsistency,
  type TraineeProgress,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { loadAuthorized } from '../../lib/load-authorized.js';
import {
  presentAssignmentInsights,
  presentReviewerConsistency,
  presentTraineeProgress,
} from './presenter.js';
import {
  findAssignmentRef,
  findOrganizationRef,
  findUserRef,
  readAssignmentInsights,
  readReviewerConsistency,
  readTraineeProgress,
} from './repository.js';

/** `view`, or 404 when its row went between the access check and the read. */
function found<T>(view: T | undefined): T {
  if (view === undefined) throw new NotFoundError();
  return view;
}

/** GET /assignments/{id}/insights: the insights of assignment `id` (see the module note). */
export async function assignmentInsightsFor(
  db: Db,
  actor: Actor,
  id: number,
): Promise<AssignmentInsights> {
  await loadAuthorized(actor, 'assignment:insights', findAssignmentRef(db, id), (a) => ({
    organizationId: a.organizationId,
  }));
  return presentAssignmentInsights(id, found(await readAssignmentInsights(db, id)));
}

/** GET /users/{id}/progress: the progress of trainee `id` (see the module note). */
export async function traineeProgressFor(
  db: Db,
  actor: Actor,
  id: number,
): Promise<TraineeProgress> {
  const user = await loadAuthorized(actor, 'user:progress', findUserRef(db, id), (u) => ({
    organizationId: u.organizationId,
    userId: u.id,
    roleId: u.roleId as RoleId,
    deleted: u.deleted,
  }));
  if (user.roleId !== Role.Trainee) throw new NotFoundError();
  return presentTraineeProgress(id, found(await readTraineeProgress(db, id)));
}

/** GET /organizations/{id}/reviewer-consistency: how alike organization `id`'s reviewers score. */
export async function reviewerConsistencyFor(
  db: Db,
  actor: Actor,
  id: number,
): Promise<ReviewerConsistency> {
  await loadAuthorized(
    actor,
    'organization:reviewerConsistency',
    findOrganizationRef(db, id),
    (o) => ({ organizationId: o.id }),
  );
  return presentReviewerConsistency(id, found(await readReviewerConsistency(db, id)));
}
