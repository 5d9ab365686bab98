/**
 * The rows SCIM provisioning reads and writes (decisions.md#scim): an organization's trainees and
 * instructors that are not soft-deleted, with the directory's `externalId`, and the organization's
 * groups with their members. Groups are only read here: the groups module writes them.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { Role } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { groupMembers, groups, users } from '../../db/schema/index.js';
import { insertAccount } from '../users/index.js';

/** The roles a directory provisions: everyone else of the organization is outside SCIM's reach. */
export const provisionedRoles = [Role.Trainee, Role.Instructor] as const;

const scimColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roleId: users.roleId,
  active: users.active,
  externalId: users.scimExternalId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** One provisioned user as SCIM presents it. */
export interface ScimUserRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  active: boolean;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const reachable = (organizationId: number) =>
  and(
    eq(users.organizationId, organizationId),
    isNull(users.deletedAt),
    inArray(users.roleId, [...provisionedRoles]),
  );

/** The organization's provisioned user `id`, or undefined (missing, another organization, deleted, another role). */
export async function findScimUser(
  db: Db | Tx,
  organizationId: number,
  id: number,
): Promise<ScimUserRow | undefined> {
  const [row] = await db
    .select(scimColumns)
    .from(users)
    .where(and(eq(users.id, id), reachable(organizationId)))
    .limit(1);
  return row;
}

/** Every provisioned user of the organization, by id (the SCIM filter and paging apply to them). */
export async function listScimUsers(db: Db, organizationId: number): Promise<ScimUserRow[]> {
  return db.select(scimColumns).from(users).where(reachable(organizationId)).orderBy(asc(users.id));
}

/** Whether any account, of any organization or deleted, has `email` (emails are unique). */
export async function emailInUse(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row !== undefined;
}

/** Inserts a provisioned user; answers its id. */
export async function insertScimUser(
  tx: Tx,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    roleId: number;
    organizationId: number;
    active: boolean;
    externalId: string | null;
  },
): Promise<number> {
  const { externalId, ...rest } = values;
  return insertAccount(tx, { ...rest, scimExternalId: externalId });
}

/** The ids among `ids` of the organization's provisioned users (the members a SCIM group may have). */
export async function scimUserIdsAmong(
  db: Db | Tx,
  organizationId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), reachable(organizationId)));
  return new Set(rows.map((r) => r.id));
}

/** A member of a group as SCIM presents it. */
export interface ScimMemberRow {
  groupId: number;
  id: number;
  firstName: string;
  lastName: string;
}

/** One group of the organization as SCIM presents it, with its members (not soft-deleted). */
export interface ScimGroupRow {
  id: number;
  name: string;
  /** Kept as it is by a rename (the console's edit dialog sets it). */
  description: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  members: ScimMemberRow[];
}

const groupScimColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  externalId: groups.scimExternalId,
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
};

/** The groups `rows` with their members (not soft-deleted) by id. One statement. */
async function withScimMembers(
  db: Db | Tx,
  rows: Omit<ScimGroupRow, 'members'>[],
): Promise<ScimGroupRow[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select({
      groupId: groupMembers.groupId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        inArray(
          groupMembers.groupId,
          rows.map((r) => r.id),
        ),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.id));
  const byGroup = new Map<number, ScimMemberRow[]>();
  for (const m of members) {
    const list = byGroup.get(m.groupId);
    if (list) list.push(m);
    else byGroup.set(m.groupId, [m]);
  }
  return rows.map((row) => ({ ...row, members: byGroup.get(row.id) ?? [] }));
}

/** Group `id` of the organization with its members, or undefined (missing, another organization). Two statements. */
export async function findScimGroup(
  db: Db | Tx,
  organizationId: number,
  id: number,
): Promise<ScimGroupRow | undefined> {
  const rows = await db
    .select(groupScimColumns)
    .from(groups)
    .where(and(eq(groups.id, id), eq(groups.organizationId, organizationId)))
    .limit(1);
  return (await withScimMembers(db, rows))[0];
}

/** Every group of the organization by id, with its members (the SCIM filter and paging apply to them). Two statements. */
export async function listScimGroups(db: Db, organizationId: number): Promise<ScimGroupRow[]> {
  const rows = await db
    .select(groupScimColumns)
    .from(groups)
    .where(eq(groups.organizationId, organizationId))
    .orderBy(asc(groups.id));
  return withScimMembers(db, rows);
}
