/**
 * The rows SCIM provisioning reads and writes (decisions.md#scim): an organization's trainees and
 * instructors that are not soft-deleted, with the directory's `externalId`.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { Role } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
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
