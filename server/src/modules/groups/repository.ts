/**
 * Queries on groups and their members (000 §2.6, §3 'Group', §7 'Groups'). A list page is one
 * statement (counts as a correlated subquery, total as a window count); with its members it is
 * still one statement (each group's members aggregated as JSON, the counts taken from them).
 */
import {
  and,
  asc,
  eq,
  ilike,
  inArray,
  isNull,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { Role, type RoleId } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { readPage, windowTotal, type Paging } from '../../db/paging.js';
import { QueryShape } from '../../db/query-shape.js';
import { likePattern } from '../../db/sql-helpers.js';
import { files, groupMembers, groups, organizations, users } from '../../db/schema/index.js';
import { userColumns, type UserRow } from '../users/index.js';

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

/** A group row with its members (not soft-deleted), ordered by last name, first name, id. */
export interface GroupWithMembersRow extends GroupRow {
  members: GroupMemberRow[];
}

/**
 * Correlated counts of the trainees and instructors, not soft-deleted, of the group `groupId`
 * (the id of the current row), in one pass over its members: `[trainees, instructors]` (see
 * `withMemberCounts`).
 */
function memberCountsOf(groupId: SQLWrapper) {
  return sql<
    [number, number]
  >`(select json_build_array(count(*) filter (where ${users.roleId} = ${Role.Trainee}), count(*) filter (where ${users.roleId} = ${Role.Instructor})) from ${groupMembers} inner join ${users} on ${users.id} = ${groupMembers.userId} where ${groupMembers.groupId} = ${groupId} and ${users.deletedAt} is null)`;
}

/** A selected row with its `memberCounts` pair as `traineesCount` and `instructorsCount`. */
function withMemberCounts<T extends { memberCounts: [number, number] }>(
  row: T,
): Omit<T, 'memberCounts'> & { traineesCount: number; instructorsCount: number } {
  const { memberCounts, ...rest } = row;
  return { ...rest, traineesCount: memberCounts[0], instructorsCount: memberCounts[1] };
}

/** A member as `membersOf` aggregates it: `[id, firstName, lastName, roleId]`. */
type MemberTuple = [number, string, string, number];

/**
 * The members, not soft-deleted, of the group `groupId` (the id of the current row) as a JSON
 * array of `MemberTuple`s ordered by last name, first name, id (the order of `membersOfGroups`).
 * Tuples, not objects: PostgreSQL builds them at about half the cost, and a page's hundreds of
 * members are parsed as one value instead of mapped row by row.
 */
function membersOf(groupId: SQLWrapper) {
  return sql<
    MemberTuple[]
  >`(select coalesce(json_agg(json_build_array(${users.id}, ${users.firstName}, ${users.lastName}, ${users.roleId}) order by ${users.lastName}, ${users.firstName}, ${users.id}), '[]') from ${groupMembers} inner join ${users} on ${users.id} = ${groupMembers.userId} where ${groupMembers.groupId} = ${groupId} and ${users.deletedAt} is null)`;
}

/**
 * A selected row with its `members` tuples as `GroupMemberRow`s, and its counts taken from them:
 * the same members (not soft-deleted) `memberCountsOf` counts, so the same numbers.
 */
function withMembers<T extends { id: number; members: MemberTuple[] }>(
  row: T,
): Omit<T, 'members'> & {
  traineesCount: number;
  instructorsCount: number;
  members: GroupMemberRow[];
} {
  const { members: tuples, ...rest } = row;
  let traineesCount = 0;
  let instructorsCount = 0;
  const members = tuples.map(([id, firstName, lastName, roleId]) => {
    if (roleId === Role.Trainee) traineesCount += 1;
    else if (roleId === Role.Instructor) instructorsCount += 1;
    return { groupId: row.id, id, firstName, lastName, roleId };
  });
  return { ...rest, traineesCount, instructorsCount, members };
}

/** SQL: `userId` (a value or a placeholder) is a member of the group of the current row. */
function hasMember(userId: number | Placeholder): SQL {
  return sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.userId} = ${userId})`;
}

const groupColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  organizationId: groups.organizationId,
  organizationName: organizations.name,
  createdById: groups.createdById,
  memberCounts: memberCountsOf(groups.id),
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
};

/** `groupColumns` with the members themselves in place of their counts. */
const { memberCounts: _memberCounts, ...groupBaseColumns } = groupColumns;
const groupWithMembersColumns = { ...groupBaseColumns, members: membersOf(groups.id) };

export interface GroupListFilter extends Paging {
  organizationId?: number | undefined;
  /** Only groups this user belongs to (the scope of instructors and trainees). */
  memberId?: number | undefined;
  /** The `userId` filter of GET /groups: only groups this user belongs to. */
  userId?: number | undefined;
  /** At least 3 characters, matched against the name, ignoring case. */
  search?: string | undefined;
}

/** Orders groups by name (ignoring case) then id: the order of every group list. */
const byName = [asc(sql`lower(${groups.name})`), asc(groups.id)];

/**
 * One page of `filter`'s groups with their organization's name, each with `detail(id)` (member
 * counts or members) as `detail`, and the total as a window count. One statement (two when the
 * page is past the last, `readPage`). The first page is one select; a later one selects its groups
 * in a subquery and adds the detail outside it, so that the detail is computed for the page's
 * groups only and not also for every group the offset skips (at page 10 of 25, 250 groups instead
 * of 25). Prepared once per shape (db/query-shape.ts).
 */
async function selectGroupPage<D>(
  db: Db,
  filter: GroupListFilter,
  detailName: 'counts' | 'members',
  detail: (groupId: SQLWrapper) => SQL<D>,
) {
  const q = new QueryShape('groups.list');
  const { organizationId, memberId, userId, search } = filter;
  const where = q.where(
    and(
      organizationId !== undefined
        ? eq(groups.organizationId, q.bind('organizationId', organizationId))
        : undefined,
      memberId !== undefined ? hasMember(q.bind('memberId', memberId)) : undefined,
      userId !== undefined ? hasMember(q.bind('userId', userId)) : undefined,
      search ? ilike(groups.name, q.bind('search', likePattern(search))) : undefined,
    ),
  );
  q.flag('detail', detailName);
  const firstPage = q.flag('firstPage', filter.page === 1);
  const total = windowTotal();
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const query = q.prepared(db, (name) => {
    if (firstPage) {
      return db
        .select({ ...groupBaseColumns, detail: detail(groups.id), total })
        .from(groups)
        .innerJoin(organizations, eq(organizations.id, groups.organizationId))
        .where(where)
        .orderBy(...byName)
        .limit(limit)
        .offset(offset)
        .prepare(name);
    }
    const { organizationName: _name, ...pageColumns } = groupBaseColumns;
    const page = db
      .select({ ...pageColumns, total: total.as('total') })
      .from(groups)
      .where(where)
      .orderBy(...byName)
      .limit(limit)
      .offset(offset)
      .as('page');
    // The join also keeps Drizzle from dropping the table names inside `detail`, which it does
    // in the select list of a query on one table (`"id"` would then name the member's id).
    return db
      .select({
        id: page.id,
        name: page.name,
        description: page.description,
        organizationId: page.organizationId,
        organizationName: organizations.name,
        createdById: page.createdById,
        detail: detail(page.id),
        createdAt: page.createdAt,
        updatedAt: page.updatedAt,
        total: page.total,
      })
      .from(page)
      .innerJoin(organizations, eq(organizations.id, page.organizationId))
      .orderBy(asc(sql`lower(${page.name})`), asc(page.id))
      .prepare(name);
  });
  return readPage(filter, (window) => query.execute({ ...q.values, ...window }));
}

/** One page of groups ordered by name (ignoring case) then id, with member counts and the total. One statement. */
export async function listGroups(
  db: Db,
  filter: GroupListFilter,
): Promise<{ rows: GroupRow[]; count: number }> {
  const { rows, count } = await selectGroupPage(db, filter, 'counts', memberCountsOf);
  return {
    rows: rows.map(({ detail: memberCounts, ...row }) =>
      withMemberCounts({ ...row, memberCounts }),
    ),
    count,
  };
}

/**
 * `listGroups` with each group's members (not soft-deleted, by last name, first name, id), the
 * counts taken from them. One statement: the members come aggregated per group, not as rows.
 */
export async function listGroupsWithMembers(
  db: Db,
  filter: GroupListFilter,
): Promise<{ rows: GroupWithMembersRow[]; count: number }> {
  const { rows, count } = await selectGroupPage(db, filter, 'members', membersOf);
  return {
    rows: rows.map(({ detail: members, ...row }) => withMembers({ ...row, members })),
    count,
  };
}

/** Every group `userId` belongs to, ordered by name, with member counts. One statement. */
export async function groupsOfUser(db: Db | Tx, userId: number): Promise<GroupRow[]> {
  const rows = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(organizations, eq(organizations.id, groups.organizationId))
    .where(hasMember(userId))
    .orderBy(...byName);
  return rows.map(withMemberCounts);
}

/** `groupsOfUser` with each group's members, as `listGroupsWithMembers`. One statement. */
export async function groupsOfUserWithMembers(
  db: Db | Tx,
  userId: number,
): Promise<GroupWithMembersRow[]> {
  const rows = await db
    .select(groupWithMembersColumns)
    .from(groups)
    .innerJoin(organizations, eq(organizations.id, groups.organizationId))
    .where(hasMember(userId))
    .orderBy(...byName);
  return rows.map(withMembers);
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

/**
 * One page of a group's members (not soft-deleted), optionally by roles, with the total. One
 * statement (two past the last page, `readPage`).
 */
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
  return readPage(filter, ({ limit, offset }) =>
    db
      .select({ ...userColumns, total: windowTotal() })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .leftJoin(files, eq(files.id, users.imageId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(limit)
      .offset(offset),
  );
}

/** Users among `ids` with their organization, role, active flag and deletion (for member checks). One statement. */
export async function usersByIds(db: Db | Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      roleId: users.roleId,
      active: users.active,
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
