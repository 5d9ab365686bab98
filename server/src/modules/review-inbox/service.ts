/**
 * The review inbox (decisions.md#review-loop §1 'One inbox across assignments'). Rules decided here:
 * - Who: 'answer:review' — Managers and Instructors of the organization; an Admin names the
 *   organization (`organizationId` is required for an Admin: 400 without; 404 when it does not
 *   exist). Anyone else naming another organization gets 404; a trainee 403.
 * - What: the Submitted answers of the organization's assignments whose trainee is not
 *   soft-deleted, oldest submission first (submitted_at, id); `assignmentId` and `groupId` must be
 *   the organization's (404 otherwise).
 * - Neighbors: the answers before and after one answer in that order with the same filters,
 *   skipping answers another reviewer holds a live claim on; the answer may have left the inbox
 *   (just reviewed): its (submitted_at, id) still places it. `nextWaitingId`, where 'Submit and
 *   next' goes: the next one, else (after the last) the first of the inbox, never the answer
 *   itself; null only when no other answer is waiting that the caller may take.
 */
import {
  messages,
  seesEveryOrganization,
  type Actor,
  type ReviewInboxFilter,
  type ReviewInboxList,
  type ReviewInboxNeighbors,
  type ReviewInboxNeighborsQuery,
  type ReviewInboxQuery,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { loadAuthorized } from '../../lib/load-authorized.js';
import { requireInScope, scopeFor } from '../../lib/scope-for.js';
import { assignmentsByIds } from '../assignments/index.js';
import { groupsByIds } from '../groups/index.js';
import { loadOrganizationFor } from '../organizations/index.js';
import { presentInboxItem } from './presenter.js';
import { findInboxAnchor, inboxNeighbors, listInbox, type InboxFilter } from './repository.js';

/**
 * Resolves the query's filters for `actor`: the organization (an Admin's `organizationId`,
 * required, 400 without; anyone else's own, 404 for another — before the role check, as every
 * other organization's row), then 403 when the actor may not review there, and checks that the
 * assignment and group named are that organization's (404 otherwise).
 */
async function resolveFilter(db: Db, actor: Actor, query: ReviewInboxFilter): Promise<InboxFilter> {
  // Another organization answers 404 before the role, as every other organization's row: a
  // trainee gets 403 for its own organization only.
  const organizationId = scopeFor(actor, 'answer:review', query, {
    oneOrganization: { message: messages.reviewInboxOrganizationRequired, path: 'organizationId' },
  })!;
  if (seesEveryOrganization(actor))
    await loadOrganizationFor(db, actor, organizationId, 'organization:read');
  const [assignments, groups] = await Promise.all([
    query.assignmentId !== undefined ? assignmentsByIds(db, [query.assignmentId]) : [],
    query.groupId !== undefined ? groupsByIds(db, [query.groupId]) : [],
  ]);
  if (query.assignmentId !== undefined)
    requireInScope(assignments[0]?.organizationId, organizationId);
  if (query.groupId !== undefined) requireInScope(groups[0]?.organizationId, organizationId);
  return {
    organizationId,
    actorId: actor.id,
    assignmentId: query.assignmentId,
    groupId: query.groupId,
    search: query.search,
    claim: query.claim,
  };
}

/**
 * GET /reviews/inbox: one page of the answers waiting for review that `actor` may review, oldest
 * submission first, with the filters of `query`; `{list, count}`.
 */
export async function listInboxFor(
  db: Db,
  actor: Actor,
  query: ReviewInboxQuery,
): Promise<ReviewInboxList> {
  const filter = await resolveFilter(db, actor, query);
  const { rows, count } = await listInbox(db, {
    ...filter,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { list: rows.map((row) => presentInboxItem(row, actor.id)), count };
}

/**
 * GET /reviews/inbox/neighbors: the previous and next answers around `query.answerId` in the
 * inbox with the same filters (skipping others' live claims), where 'Submit and next' goes
 * (`nextWaitingId`, see the module note), its 1-based position (null when not in the inbox) and
 * the inbox's count. 404 when the answer is missing, of a soft-deleted trainee or of another
 * organization than the inbox's.
 */
export async function neighborsFor(
  db: Db,
  actor: Actor,
  query: ReviewInboxNeighborsQuery,
): Promise<ReviewInboxNeighbors> {
  const filter = await resolveFilter(db, actor, query);
  const anchor = await loadAuthorized(
    actor,
    'answer:review',
    findInboxAnchor(db, query.answerId),
    (row) => ({ organizationId: row.organizationId, userId: row.userId, deleted: row.userDeleted }),
  );
  requireInScope(anchor.organizationId, filter.organizationId);
  const row = await inboxNeighbors(db, filter, anchor);
  return {
    previousId: row.previousId,
    nextId: row.nextId,
    nextWaitingId: row.nextId ?? row.firstId,
    position: row.inInbox ? row.rank : null,
    count: row.count,
  };
}
