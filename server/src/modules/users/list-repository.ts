/**
 * Paged user lists (000 §7 GET /users, GET /organizations/{id}/users): one statement per page,
 * the total coming from a count over the same filter in that statement.
 */
import {
  and,
  asc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Existence, type ExistenceId, type RoleId } from '@practica/contract';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-queries.js';
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

/**
 * SQL: the user matches the search `text` — it lies, ignoring case, within the first name, the
 * last name, "first last" or the email.
 *
 * Text without a line break is looked up in `search_key`, "first last<LF>email" lower-cased on
 * write: a text without a line break found there lies within "first last" or within the email.
 * Comparing with the lower-cased text is what ILIKE does in a UTF-8 database, without folding the
 * case of every scanned row again. When the text holds a trigram (any three ASCII letters or
 * digits in a row do), the statement can use users_search_idx, and the planner reads either the
 * candidates of the trigram index (a rare text) or the whole list index (a common one). A text
 * without one (`a b`, `...`) could only make that index return every user of the organization:
 * `strpos` keeps it to the list index.
 */
function userSearch(text: string, bind: Bind): SQL | undefined {
  if (text.includes('\n')) {
    const p = likePattern(text);
    return or(
      ilike(users.firstName, p),
      ilike(users.lastName, p),
      ilike(users.email, p),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
    );
  }
  return /[a-z0-9]{3}/i.test(text)
    ? sql`${users.searchKey} like lower(${bind('search', likePattern(text))}::text)`
    : sql`strpos(${users.searchKey}, lower(${bind('search', text)}::text)) > 0`;
}

/** A value in a statement: the value itself, or a named placeholder for a prepared statement. */
type Bind = <T>(name: string, value: T) => T | Placeholder;
const inline: Bind = (_name, value) => value;
const placeholder: Bind = (name) => sql.placeholder(name);

/** The WHERE clause of a user list (`bind`: values inline, or placeholders named as `listValues`). */
export function userListWhere(
  filter: Omit<UserListFilter, 'page' | 'pageSize'>,
  bind: Bind = inline,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.organizationId !== undefined)
    conditions.push(eq(users.organizationId, bind('organizationId', filter.organizationId)));
  if (filter.roles && filter.roles.length > 0)
    conditions.push(
      inArray(
        users.roleId,
        filter.roles.map((role, i) => bind(`role${i}`, role)),
      ),
    );
  if (filter.existence === Existence.Existing) conditions.push(isNull(users.deletedAt));
  if (filter.existence === Existence.Deleted) conditions.push(isNotNull(users.deletedAt));
  if (filter.search) conditions.push(userSearch(filter.search, bind));
  return and(...conditions);
}

/**
 * The shape of a list's statement (db/prepared-queries.ts), or null when it is not prepared (a
 * search with a line break: rare, and its text is part of the statement).
 */
function listShape(filter: UserListFilter): string | null {
  const search = filter.search;
  if (search?.includes('\n')) return null;
  const searchKind = !search ? 'none' : /[a-z0-9]{3}/i.test(search) ? 'like' : 'strpos';
  return [
    filter.organizationId !== undefined,
    filter.roles?.length ?? 0,
    filter.existence,
    searchKind,
  ].join(':');
}

/** The placeholders' values of a prepared list statement. */
function listValues(filter: UserListFilter): Record<string, unknown> {
  const values: Record<string, unknown> = {
    organizationId: filter.organizationId,
    search:
      filter.search && /[a-z0-9]{3}/i.test(filter.search)
        ? likePattern(filter.search)
        : filter.search,
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  };
  filter.roles?.forEach((role, i) => (values[`role${i}`] = role));
  return values;
}

/** The list statement: the page and, on every row, the total (see `listUsers`). */
function pageStatement(db: Db, where: SQL | undefined, limit: unknown, offset: unknown) {
  const order = [asc(users.lastName), asc(users.firstName), asc(users.id)];
  const page = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(limit as number)
    .offset(offset as number)
    .as('page');
  // Uncorrelated (computed once): the inner "users" is the subquery's own.
  const total = sql<number>`(select count(*) from ${users} where ${where ?? sql`true`})`;
  return db
    .select({ ...userColumns, total: total.mapWith(Number) })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .leftJoin(files, eq(files.id, users.imageId))
    .orderBy(...order);
}

/** The count statement of a page past the end. */
function countStatement(db: Db, where: SQL | undefined) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(where);
}

/**
 * One page of users, ordered by last name, first name, id; and the total over all pages. One
 * statement: the page's ids and the total are read from indexes alone (users_org_list_idx and
 * users_list_idx hold every filter and the order), the page's scan stopping at its last row; then
 * only the page's rows are read. A deep page costs what page 1 costs plus the index entries it
 * skips. The statement is prepared once per shape (db/prepared-queries.ts).
 */
export async function listUsers(
  db: Db,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; count: number }> {
  const shape = listShape(filter);
  let rows: (UserRow & { total: number })[];
  if (shape === null) {
    rows = await pageStatement(
      db,
      userListWhere(filter),
      filter.pageSize,
      (filter.page - 1) * filter.pageSize,
    );
  } else {
    const list = preparedQuery(db, `users.list:${shape}`, (name) =>
      pageStatement(
        db,
        userListWhere(filter, placeholder),
        sql.placeholder('limit'),
        sql.placeholder('offset'),
      ).prepare(name),
    );
    rows = await list.execute(listValues(filter));
  }
  if (rows.length === 0 && filter.page > 1) {
    // Past the last page: no row carries the total, count separately.
    const [c] =
      shape === null
        ? await countStatement(db, userListWhere(filter))
        : await preparedQuery(db, `users.count:${shape}`, (name) =>
            countStatement(db, userListWhere(filter, placeholder)).prepare(name),
          ).execute(listValues(filter));
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
