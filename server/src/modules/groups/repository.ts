/**
 * Queries on groups and their members (000 §2.6, §3 'Group', §7 'Groups'). A list page is one
 * statement (counts as a correlated subquery, total as a window count); the members of a page's
 * groups come in one more statement, never one per group.
 */
import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { Role, type RoleId } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { files, groupMembers, groups, organizations, users } from '../../db/schema/index.js';
import { likePattern, userColumns, type UserRow } from '../users/list-repository.js';

export interface GroupRow {
  id: number;
  name: string;
  description: string;
  organizationId: number;
  organizationName: string;
  createdById: number | null;
  traineesCount: number;
  instructorsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface GroupMemberRow {
  groupId: number;
  id: number;
  firstName: string;
  lastName: string;
  roleId: number;
}

/**
 * Correlated counts of a group's trainees and instructors, not soft-deleted, in one pass over its
 * members: `[trainees, instructors]` (see `withMemberCounts`).
 */
const memberCountsSql = sql<
  [number, number]
>`(select json_build_array(count(*) filter (where ${users.roleId} = ${Role.Trainee}), count(*) filter (where ${users.roleId} = ${Role.Instructor})) from ${groupMembers} inner join ${users} on ${users.id} = ${groupMembers.userId} where ${groupMembers.groupId} = ${groups.id} and ${users.deletedAt} is null)`;

/** A selected row with its `memberCounts` pair as `traineesCount` and `instructorsCount`. */
function withMemberCounts<T extends { memberCounts: [number, number] }>(
  row: T,
): Omit<T, 'memberCounts'> & { traineesCount: number; instructorsCount: number } {
  const { memberCounts, ...rest } = row;
  return { ...rest, traineesCount: memberCounts[0], instructorsCount: memberCounts[1] };
}

/** SQL: `userId` is a member of the group of the current row. */
function hasMember(userId: number): SQL {
  return sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.userId} = ${userId})`;
}

const groupColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  organizationId: groups.organizationId,
  organizationName: organizations.name,
  createdById: groups.createdById,
  memberCounts: memberCountsSql,
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
};

export interface GroupListFilter {
  organizationId?: number | undefined;
  /** Only groups this user belongs to (the scope of instructors and trainees). */
  memberId?: number | undefined;
  /** The `userId` filter of GET /groups: only groups this user belongs to. */
  userId?: number | undefined;
  /** At least 3 characters, matched against the name, ignoring case. */
  search?: string | undefined;
  page: number;
  pageSize: number;
}

function groupListWhere(filter: GroupListFilter): SQL | undefined {
  return and(
    filter.organizationId !== undefined
      ? eq(groups.organizationId, filter.organizationId)
      : undefined,
    filter.memberId !== undefined ? hasMember(filter.memberId) : undefined,
    filter.userId !== undefined ? hasMember(filter.userId) : undefined,
    filter.search ? ilike(groups.name, likePattern(filter.search)) : undefined,
  );
}

/** One page of groups ordered by name (ignoring case) then id, with member counts and the total. One statement. */
export async function listGroups(
  db: Db,
  filter: GroupListFilter,
): Promise<{ rows: GroupRow[]; count: number }> {
  const rows = await db
    .select({ ...groupColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(groups)
    .innerJoin(organizations, eq(organizations.id, groups.organizationId))
    .where(groupListWhere(filter))
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  if (rows.length === 0 && filter.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(groups)
      .where(groupListWhere(filter));
    return { rows: [], count: c?.n ?? 0 };
  }
  return {
    rows: rows.map(({ total: _total, ...row }) => withMemberCounts(row)),
    count: rows[0]?.total ?? 0,
  };
}

/** Every group `userId` belongs to, ordered by name, with member counts. One statement. */
export async function groupsOfUser(db: Db | Tx, userId: number): Promise<GroupRow[]> {
  const rows = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(organizations, eq(organizations.id, groups.organizationId))
    .where(hasMember(userId))
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
  return rows.map(withMemberCounts);
}

/** One group with its member counts, or undefined. */
export async function findGroup(db: Db | Tx, id: number): Promise<GroupRow | undefined> {
  const [row] = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(organizations, eq(organizations.id, groups.organizationId))
    .where(eq(groups.id, id))
    .limit(1);
  return row ? withMemberCounts(row) : undefined;
}

/** The members (not soft-deleted) of all `groupIds`, ordered by last name, first name, id. One statement. */
export async function membersOfGroups(
  db: Db | Tx,
  groupIds: readonly number[],
): Promise<GroupMemberRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: groupMembers.groupId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(inArray(groupMembers.groupId, [...groupIds]), isNull(users.deletedAt)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Whether `userId` belongs to group `groupId`. */
export async function isMember(db: Db | Tx, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** One page of a group's members (not soft-deleted), optionally by roles, with the total. One statement. */
export async function listGroupUsers(
  db: Db,
  groupId: number,
  filter: { roles?: RoleId[] | undefined; page: number; pageSize: number },
): Promise<{ rows: UserRow[]; count: number }> {
  const where = and(
    eq(groupMembers.groupId, groupId),
    isNull(users.deletedAt),
    filter.roles && filter.roles.length > 0 ? inArray(users.roleId, filter.roles) : undefined,
  );
  const rows = await db
    .select({ ...userColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(files, eq(files.id, users.imageId))
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  if (rows.length === 0 && filter.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(where);
    return { rows: [], count: c?.n ?? 0 };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), count: rows[0]?.total ?? 0 };
}

/** Users among `ids` with their organization, role and deletion (for member checks). One statement. */
export async function usersByIds(db: Db | Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      roleId: users.roleId,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Groups among `ids` with their organization (for a user's group picker). One statement. */
export async function groupsByIds(db: Db | Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: groups.id, organizationId: groups.organizationId })
    .from(groups)
    .where(inArray(groups.id, [...ids]));
}
