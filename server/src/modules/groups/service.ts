/**
 * Groups (000 §2.6, §3 'Group', §5, §6, §7 'Groups'): lists scoped by role, one group, create,
 * update, delete, add and remove members, a group's members by role, and a user's groups (the
 * user-detail groups tab, 000 §2.10). Admins and managers manage groups (000 §6); instructors and
 * trainees read the groups they belong to, in the list and one by one (000 §2.6, `membersOnly`).
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  Role,
  can,
  format,
  messages,
  type Action,
  type Actor,
  type CreateGroupBody,
  type ErrorDetail,
  type Group,
  type GroupForm,
  type RoleId,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { groupMembers, groups } from '../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { loadAuthorized } from '../../lib/load-authorized.js';
import { scopeFor } from '../../lib/scope-for.js';
import { loadOrganizationFor } from '../organizations/index.js';
import { presentGroup } from './presenter.js';
import {
  findGroup,
  groupsByIds,
  groupsOfUser,
  groupsOfUserWithMembers,
  isMember,
  listGroupUsers,
  listGroups,
  listGroupsWithMembers,
  membersOfGroups,
  usersByIds,
  type GroupListFilter,
  type GroupRow,
} from './repository.js';

/** Roles that may belong to a group (000 §2.6: trainees and instructors). */
const memberRoles: readonly number[] = [Role.Trainee, Role.Instructor];

export interface GroupListInput {
  page: number;
  pageSize: number;
  organizationId?: number | undefined;
  userId?: number | undefined;
  search?: string | undefined;
  includeUsers: boolean;
}

/**
 * Loads a group for `action` (`loadAuthorized`): 404 when missing or, for anyone but an admin, in
 * another organization; 403 when the policy refuses (a trainee reads only a group it belongs to;
 * the membership lookup runs for trainees only).
 */
export function loadGroupFor(db: Db, actor: Actor, id: number, action: Action): Promise<GroupRow> {
  return loadAuthorized(actor, action, findGroup(db, id), async (row) => ({
    organizationId: row.organizationId,
    isMember: membersOnly(actor) && (await isMember(db, row.id, actor.id)),
  }));
}

/**
 * Whether `actor` reads only the groups it belongs to (000 §2.6: trainees and instructors): the
 * policy refuses it 'group:read' on a group of its organization it is not in. The list and the
 * group it opens follow this one rule.
 */
function membersOnly(actor: Actor): boolean {
  return !can(actor, 'group:read', { organizationId: actor.organizationId, isMember: false });
}

/**
 * GET /groups (filters userId, organizationId, search; paging; `users` when asked): an admin sees
 * every group or one organization's, a manager its organization's, instructors and trainees the
 * groups they belong to (`membersOnly`, the rule GET /groups/{id} follows). 404 for another
 * organization's id given by a non-admin (`scopeFor`).
 */
export async function listGroupsFor(
  db: Db,
  actor: Actor,
  query: GroupListInput,
): Promise<{ list: Group[]; count: number }> {
  const organizationId = scopeFor(actor, 'group:read', query, { target: { isMember: true } });
  const filter: GroupListFilter = {
    organizationId,
    memberId: membersOnly(actor) ? actor.id : undefined,
    userId: query.userId,
    search: query.search,
    page: query.page,
    pageSize: query.pageSize,
  };
  if (query.includeUsers) {
    const { rows, count } = await listGroupsWithMembers(db, filter);
    return { list: rows.map((row) => presentGroup(row, row.members)), count };
  }
  const { rows, count } = await listGroups(db, filter);
  return { list: rows.map((row) => presentGroup(row)), count };
}

/** GET /groups/{id}: one group with its counts, and its members (one more statement) when asked. */
export async function getGroupFor(
  db: Db,
  actor: Actor,
  id: number,
  includeUsers: boolean,
): Promise<Group> {
  const row = await loadGroupFor(db, actor, id, 'group:read');
  return presentGroup(row, includeUsers ? await membersOfGroups(db, [row.id]) : undefined);
}

/** POST /groups (admin, manager of the organization; 000 §5 name and description required). */
export async function createGroup(db: Db, actor: Actor, body: CreateGroupBody): Promise<Group> {
  await loadOrganizationFor(db, actor, body.organizationId, 'group:create');
  const [created] = await db
    .insert(groups)
    .values({
      name: body.name,
      description: body.description,
      organizationId: body.organizationId,
      createdById: actor.id,
    })
    .returning({ id: groups.id });
  return presentGroup((await findGroup(db, created!.id))!, []);
}

/** PUT /groups/{id} (admin, manager of the organization): name and description. */
export async function updateGroup(
  db: Db,
  actor: Actor,
  id: number,
  body: GroupForm,
): Promise<Group> {
  await loadGroupFor(db, actor, id, 'group:update');
  await db
    .update(groups)
    .set({ name: body.name, description: body.description, updatedAt: new Date() })
    .where(eq(groups.id, id));
  return presentGroup((await findGroup(db, id))!);
}

/**
 * Stores the directory's `externalId` of group `id` (null clears it), for SCIM provisioning
 * (decisions.md#scim); the caller checked access to the group. Answers nothing.
 */
export async function setGroupScimExternalId(
  db: Db,
  id: number,
  externalId: string | null,
): Promise<void> {
  await db
    .update(groups)
    .set({ scimExternalId: externalId, updatedAt: new Date() })
    .where(eq(groups.id, id));
}

/** DELETE /groups/{id} (admin, manager of the organization): memberships go with it; invites keep no group. */
export async function deleteGroup(db: Db, actor: Actor, id: number): Promise<void> {
  await loadGroupFor(db, actor, id, 'group:delete');
  await db.delete(groups).where(eq(groups.id, id));
}

/**
 * Checks that every id is a member-able user of `organizationId`: 404 when one is missing,
 * soft-deleted or of another organization; 400 'Role is invalid!' when one is not a trainee or
 * an instructor. Answers the users.
 */
async function requireMembers(db: Db, organizationId: number, ids: readonly number[]) {
  const found = new Map((await usersByIds(db, ids)).map((u) => [u.id, u]));
  const wrongRole: ErrorDetail[] = [];
  ids.forEach((id, i) => {
    const user = found.get(id);
    if (!user || user.deletedAt !== null || user.organizationId !== organizationId)
      throw new NotFoundError();
    if (!memberRoles.includes(user.roleId))
      wrongRole.push({ path: `ids.${i}`, message: messages.roleInvalid });
  });
  if (wrongRole.length > 0) throw new ValidationError(messages.roleInvalid, wrongRole);
  return ids.map((id) => found.get(id)!);
}

/**
 * PUT /groups/{id}/add {ids} (admin, manager of the organization): adds trainees and instructors
 * of the group's organization; already members are left as they are (idempotent). Answers the
 * group with its members and 000 §8's message ('instructors' when only instructors were added).
 */
export async function addMembers(
  db: Db,
  actor: Actor,
  id: number,
  ids: readonly number[],
): Promise<{ group: Group; message: string }> {
  const row = await loadGroupFor(db, actor, id, 'group:manageMembers');
  const added = await requireMembers(db, row.organizationId, ids);
  if (ids.length > 0) {
    await db.transaction(async (tx) => {
      await tx
        .insert(groupMembers)
        .values(ids.map((userId) => ({ groupId: id, userId })))
        .onConflictDoNothing();
      await tx.update(groups).set({ updatedAt: new Date() }).where(eq(groups.id, id));
    });
  }
  const onlyInstructors = added.length > 0 && added.every((u) => u.roleId === Role.Instructor);
  return {
    group: await getGroupFor(db, actor, id, true),
    message: format.groupMembersUpdated(onlyInstructors ? 'instructors' : 'trainees'),
  };
}

/**
 * PUT /groups/{id}/remove {ids} (admin, manager of the organization): removes those members; ids
 * that are not members are ignored (idempotent). Answers the group with its members and
 * "Removed user from '{group}' group!".
 */
export async function removeMembers(
  db: Db,
  actor: Actor,
  id: number,
  ids: readonly number[],
): Promise<{ group: Group; message: string }> {
  const row = await loadGroupFor(db, actor, id, 'group:manageMembers');
  if (ids.length > 0) {
    await db.transaction(async (tx) => {
      await tx
        .delete(groupMembers)
        .where(and(eq(groupMembers.groupId, id), inArray(groupMembers.userId, [...ids])));
      await tx.update(groups).set({ updatedAt: new Date() }).where(eq(groups.id, id));
    });
  }
  return {
    group: await getGroupFor(db, actor, id, true),
    message: format.removedUserFromGroup(row.name),
  };
}

/** GET /groups/{id}/users (roles, paging): the group's members, not soft-deleted. */
export async function listGroupUsersFor(
  db: Db,
  actor: Actor,
  id: number,
  query: { roles?: RoleId[] | undefined; page: number; pageSize: number },
) {
  await loadGroupFor(db, actor, id, 'group:read');
  return listGroupUsers(db, id, query);
}

/** GET /organizations/{id}/groups: the groups of one organization, scoped like GET /groups. */
export async function listOrganizationGroupsFor(
  db: Db,
  actor: Actor,
  organizationId: number,
  query: Omit<GroupListInput, 'organizationId'>,
) {
  await loadOrganizationFor(db, actor, organizationId, 'organization:read');
  return listGroupsFor(db, actor, { ...query, organizationId });
}

// ----- a user's groups (000 §2.10 groups tab; GET /users/{id}?includes=groups) -----

/** `{id, name}` of every group the user belongs to, by name. */
export async function groupRefsOfUser(
  db: Db,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  return (await groupsOfUser(db, userId)).map((g) => ({ id: g.id, name: g.name }));
}

/** GET /users/{id}/groups: the user's groups, with their members when `includeUsers`. The caller checked access. */
export async function listUserGroups(
  db: Db,
  userId: number,
  includeUsers: boolean,
): Promise<Group[]> {
  if (includeUsers)
    return (await groupsOfUserWithMembers(db, userId)).map((row) => presentGroup(row, row.members));
  return (await groupsOfUser(db, userId)).map((row) => presentGroup(row));
}

/**
 * PUT /users/{id}/groups {ids}: makes the user's groups exactly `ids` (000 §2.10 picker). The
 * caller checked `user:editGroups`. 400 'Role is invalid!' when the user is neither a trainee nor
 * an instructor (unless `ids` is empty); 404 when a group is missing or of another organization.
 */
export async function saveUserGroups(
  db: Db,
  user: { id: number; organizationId: number | null; roleId: number },
  ids: readonly number[],
): Promise<Group[]> {
  if (ids.length > 0 && !memberRoles.includes(user.roleId)) {
    throw new ValidationError(messages.roleInvalid, [
      { path: 'ids', message: messages.roleInvalid },
    ]);
  }
  const found = new Map((await groupsByIds(db, ids)).map((g) => [g.id, g]));
  for (const id of ids) {
    if (found.get(id)?.organizationId !== user.organizationId) throw new NotFoundError();
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(groupMembers)
      .where(
        and(
          eq(groupMembers.userId, user.id),
          ids.length > 0 ? notInArray(groupMembers.groupId, [...ids]) : sql`true`,
        ),
      );
    if (ids.length > 0) {
      await tx
        .insert(groupMembers)
        .values(ids.map((groupId) => ({ groupId, userId: user.id })))
        .onConflictDoNothing();
    }
  });
  return listUserGroups(db, user.id, false);
}
