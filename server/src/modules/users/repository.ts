/**
 * Reads of users needed by sign-in and request authentication. Every read joins the user's
 * organization so one statement answers whether the account may act (000 §4, decisions.md).
 */
import { eq, sql } from 'drizzle-orm';
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

function prepareAccountById(db: Db) {
  return db
    .select(accountColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('account_by_id');
}

/**
 * The session check runs on every authenticated request (plugins/auth.ts), so its statement is
 * built once per database rather than by Drizzle on every call (decisions.md#performance: Drizzle's query building
 * was about a tenth of a list request's CPU). PostgreSQL keeps it as a named statement.
 */
const accountByIdQueries = new WeakMap<Db, ReturnType<typeof prepareAccountById>>();

/** The account with this id, or undefined. One statement (prepared once per `db`). */
export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  let query = accountByIdQueries.get(db);
  if (!query) {
    query = prepareAccountById(db);
    accountByIdQueries.set(db, query);
  }
  const rows = await query.execute({ id });
  return rows[0];
}

/** True when the account may sign in and act: active, not soft-deleted, organization active (if any). */
export function accountCanAct(row: AccountRow): boolean {
  return row.active && row.deletedAt === null && row.organizationActive !== false;
}

/** The columns of a new account (`users` as Drizzle inserts it). */
export type NewAccount = typeof users.$inferInsert;

/**
 * Inserts one account in `tx` and answers its id. The caller has checked what its way in requires
 * (the seat rule under the organization's lock, a free email): single sign-on's just-in-time
 * accounts and SCIM provisioning create accounts through this, so the users module stays the one
 * writer of its table.
 */
export async function insertAccount(tx: Db, account: NewAccount): Promise<number> {
  const [row] = await tx.insert(users).values(account).returning({ id: users.id });
  return row!.id;
}

/** Stores the directory's `externalId` (SCIM) of account `id`; null clears it. */
export async function setScimExternalId(
  db: Db,
  id: number,
  externalId: string | null,
): Promise<void> {
  await db
    .update(users)
    .set({ scimExternalId: externalId, updatedAt: new Date() })
    .where(eq(users.id, id));
}
