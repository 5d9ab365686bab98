/**
 * Paged user lists (000 §7 GET /users, GET /organizations/{id}/users): one statement per page,
 * the total coming from a window count over the same filter.
 */
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
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
      or(
        ilike(users.firstName, p),
        ilike(users.lastName, p),
        ilike(users.email, p),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
      ),
    );
  }
  return and(...conditions);
}

/** One page of users, ordered by last name, first name, id; and the total over all pages. */
export async function listUsers(
  db: Db,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; count: number }> {
  const rows = await db
    .select({ ...userColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(users)
    .leftJoin(files, eq(files.id, users.imageId))
    .where(userListWhere(filter))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  if (rows.length === 0 && filter.page > 1) {
    // Past the last page: the window count is not available, count separately.
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(userListWhere(filter));
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
