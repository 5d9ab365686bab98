/**
 * Reads of users needed by sign-in and request authentication. Every read joins the user's
 * organization so one statement answers whether the account may act (000 §4, DECISIONS.md).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, users } from '../../db/schema/index.js';

const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  passwordHash: users.passwordHash,
  roleId: users.roleId,
  organizationId: users.organizationId,
  creator: users.creator,
  active: users.active,
  imageId: users.imageId,
  tokenVersion: users.tokenVersion,
  deletedAt: users.deletedAt,
  organizationName: organizations.name,
  organizationActive: organizations.active,
};

/** A user row with its organization's name and active flag (null when the user has none). */
export interface AccountRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  passwordHash: string;
  roleId: number;
  organizationId: number | null;
  creator: boolean;
  active: boolean;
  imageId: number | null;
  tokenVersion: number;
  deletedAt: Date | null;
  organizationName: string | null;
  organizationActive: boolean | null;
}

/** The account with this email (already lower-cased), or undefined. One statement. */
export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const rows = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email))
    .limit(1);
  return rows[0];
}

/** The account with this id, or undefined. One statement. */
export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const rows = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
}

/** True when the account may sign in and act: active, not soft-deleted, organization active (if any). */
export function accountCanAct(row: AccountRow): boolean {
  return row.active && row.deletedAt === null && row.organizationActive !== false;
}
