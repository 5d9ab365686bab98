/**
 * Paged user lists (000 §7 GET /users, GET /organizations/{id}/users): one statement per page,
 * the total coming from a count over the same filter in that statement.
 */
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Existence, type ExistenceId, type RoleId } from '@practica/contract';
import type { Db } from '../../db/client.js';
import { files, users } from '../../db/schema/index.js';

export interface UserListFilter {
  /** Restrict to one organization (managers and instructors always are). */
  organizationId?: number;
  roles?: RoleId[];
  /** At least 3 characters; matched against first name, last name and email, ignoring case. */
  search?: string;
  existence: ExistenceId;
  page: number;
  pageSize: number;
}

/**
 * SQL: the user of `userId` — a NOT NULL user id column whose user row exists (a foreign key) —
 * is not soft-deleted. The same rows as joining users on `deleted_at is null`, but read with one
 * hashed lookup into the few deleted users (users_deleted_idx) per statement instead of one read
 * of the users table per row: counts over answers and members stay in their own indexes.
 */
export function userNotDeleted(userId: AnyPgColumn): SQL {
  return sql`${userId} not in (select ${users.id} from ${users} where ${users.deletedAt} is not null)`;
}

/** Escapes LIKE wildcards so a search for '50%' finds the text '50%'. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  active: users.active,
  creator: users.creator,
  imageId: users.imageId,
  imageKey: files.storageKey,
  organizationId: users.organizationId,
  deletedAt: users.deletedAt,
};

export type UserRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  roleId: number;
  active: boolean;
  creator: boolean;
  imageId: number | null;
  imageKey: string | null;
  organizationId: number | null;
  deletedAt: Date | null;
};

/** The WHERE clause of a user list. */
export function userListWhere(filter: Omit<UserListFilter, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.organizationId !== undefined)
    conditions.push(eq(users.organizationId, filter.organizationId));
  if (filter.roles && filter.roles.length > 0) conditions.push(inArray(users.roleId, filter.roles));
  if (filter.existence === Existence.Existing) conditions.push(isNull(users.deletedAt));
  if (filter.existence === Existence.Deleted) conditions.push(isNotNull(users.deletedAt));
  if (filter.search) {
    const p = likePattern(filter.search);
    conditions.push(
      filter.search.includes('\n')
        ? or(
            ilike(users.firstName, p),
            ilike(users.lastName, p),
            ilike(users.email, p),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
          )
        : // The same match, one ILIKE instead of four (several times cheaper per row): a text
          // without a line break found in "first last<LF>email" lies within "first last" or
          // within the email.
          ilike(
            sql`${users.firstName} || ' ' || ${users.lastName} || chr(10) || ${users.email}`,
            p,
          ),
    );
  }
  return and(...conditions);
}

/**
 * One page of users, ordered by last name, first name, id; and the total over all pages. One
 * statement: the page's ids and the total are read from indexes alone (users_org_list_idx and
 * users_list_idx hold every filter and the order), the page's scan stopping at its last row; then
 * only the page's rows are read. A deep page costs what page 1 costs plus the index entries it
 * skips.
 */
export async function listUsers(
  db: Db,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; count: number }> {
  const where = userListWhere(filter);
  const order = [asc(users.lastName), asc(users.firstName), asc(users.id)];
  const page = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .as('page');
  // Uncorrelated (computed once): the inner "users" is the subquery's own.
  const total = sql<number>`(select count(*) from ${users} where ${where ?? sql`true`})`;
  const rows = await db
    .select({ ...userColumns, total: total.mapWith(Number) })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .leftJoin(files, eq(files.id, users.imageId))
    .orderBy(...order);
  if (rows.length === 0 && filter.page > 1) {
    // Past the last page: no row carries the total, count separately.
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where);
    return { rows: [], count: c?.n ?? 0 };
  }
  return { rows, count: rows[0]?.total ?? 0 };
}

/** One user with its image key, or undefined. */
export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(files, eq(files.id, users.imageId))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
}
