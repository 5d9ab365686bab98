/**
 * Paged user lists (000 §7 GET /users, GET /organizations/{id}/users): one statement per page,
 * the total coming from a count over the same filter in that statement.
 */
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
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
 * How a search text is matched (see `userSearch`): `lines` when it holds a line break, `trigram`
 * when it holds three ASCII letters or digits in a row, else `plain`.
 */
type SearchKind = 'lines' | 'trigram' | 'plain';

function searchKind(text: string): SearchKind {
  if (text.includes('\n')) return 'lines';
  return /[a-z0-9]{3}/i.test(text) ? 'trigram' : 'plain';
}

/**
 * SQL: the user matches the search bound to the placeholder `search` (`listValues`) — it lies,
 * ignoring case, within the first name, the last name, "first last" or the email.
 *
 * Text without a line break is looked up in `search_key`, "first last<LF>email" lower-cased on
 * write: a text without a line break found there lies within "first last" or within the email.
 * Comparing with the lower-cased text is what ILIKE does in a UTF-8 database, without folding the
 * case of every scanned row again. A `trigram` text lets the statement use users_search_idx, and
 * the planner reads either the candidates of the trigram index (a rare text) or the whole list
 * index (a common one). A `plain` text (`a b`, `...`) could only make that index return every
 * user of the organization: `strpos` keeps it to the list index. A text with a line break (rare)
 * is matched against each field.
 */
function userSearch(kind: SearchKind): SQL | undefined {
  const search = sql.placeholder('search');
  if (kind === 'lines') {
    return or(
      ilike(users.firstName, search),
      ilike(users.lastName, search),
      ilike(users.email, search),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, search),
    );
  }
  return kind === 'trigram'
    ? sql`${users.searchKey} like lower(${search}::text)`
    : sql`strpos(${users.searchKey}, lower(${search}::text)) > 0`;
}

/** The WHERE clause of a user list, with placeholders named as `listValues`. */
function userListWhere(filter: Omit<UserListFilter, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.organizationId !== undefined)
    conditions.push(eq(users.organizationId, sql.placeholder('organizationId')));
  if (filter.roles && filter.roles.length > 0)
    conditions.push(
      inArray(
        users.roleId,
        filter.roles.map((_, i) => sql.placeholder(`role${i}`)),
      ),
    );
  if (filter.existence === Existence.Existing) conditions.push(isNull(users.deletedAt));
  if (filter.existence === Existence.Deleted) conditions.push(isNotNull(users.deletedAt));
  if (filter.search) conditions.push(userSearch(searchKind(filter.search)));
  return and(...conditions);
}

/** The shape of a list's statements: which filters they have (db/prepared-queries.ts). */
function listShape(filter: UserListFilter): string {
  return [
    filter.organizationId !== undefined,
    filter.roles?.length ?? 0,
    filter.existence,
    filter.search ? searchKind(filter.search) : 'none',
  ].join(':');
}

/** The placeholders' values of a list's statements. */
function listValues(filter: UserListFilter): Record<string, unknown> {
  const search = filter.search;
  const values: Record<string, unknown> = {
    organizationId: filter.organizationId,
    search: search && searchKind(search) !== 'plain' ? likePattern(search) : search,
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  };
  filter.roles?.forEach((role, i) => (values[`role${i}`] = role));
  return values;
}

/**
 * One page of users, ordered by last name, first name, id; and the total over all pages. One
 * statement: the page's ids and the total are read from indexes alone (users_org_list_idx and
 * users_list_idx hold every filter and the order), the page's scan stopping at its last row; then
 * only the page's rows are read. A deep page costs what page 1 costs plus the index entries it
 * skips. With a search, the matching users are found once (`searchPage`). The statements are
 * prepared once per shape (db/prepared-queries.ts).
 */
export async function listUsers(
  db: Db,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; count: number }> {
  const shape = listShape(filter);
  const values = listValues(filter);
  const list = preparedQuery(db, `users.list:${shape}`, (name) =>
    (filter.search ? searchPage(db, filter) : listPage(db, filter)).prepare(name),
  );
  const rows = await list.execute(values);
  if (rows.length === 0 && filter.page > 1) {
    // Past the last page: no row carries the total, count separately.
    const count = preparedQuery(db, `users.count:${shape}`, (name) =>
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(users)
        .where(userListWhere(filter))
        .prepare(name),
    );
    const [c] = await count.execute(values);
    return { rows: [], count: c?.n ?? 0 };
  }
  return { rows, count: rows[0]?.total ?? 0 };
}

const listOrder = [asc(users.lastName), asc(users.firstName), asc(users.id)];

/** A page without a search: the page's ids in list order, the total counted from the index. */
function listPage(db: Db, filter: UserListFilter) {
  const where = userListWhere(filter);
  const page = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...listOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  // Uncorrelated (computed once): the inner "users" is the subquery's own.
  const total = sql<number>`(select count(*) from ${users} where ${where ?? sql`true`})`;
  return db
    .select({ ...userColumns, total: total.mapWith(Number) })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .leftJoin(files, eq(files.id, users.imageId))
    .orderBy(...listOrder);
}

/**
 * A page with a search. The total needs every match anyway, so the matches (id and the order's
 * names) are read once into a CTE, which PostgreSQL materializes because it is read twice: the
 * total counts it, the page is its first rows in list order. A searched text is usually found
 * through users_search_idx, whose matches must be read from the table to recheck them; reading
 * them twice (once for the page, once for the total) cost the benchmark's search a third more.
 */
function searchPage(db: Db, filter: UserListFilter) {
  const matches = db
    .$with('matches')
    .as(
      db
        .select({ id: users.id, lastName: users.lastName, firstName: users.firstName })
        .from(users)
        .where(userListWhere(filter)),
    );
  const page = db
    .$with('page')
    .as(
      db
        .select()
        .from(matches)
        .orderBy(asc(matches.lastName), asc(matches.firstName), asc(matches.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
  const total = sql<number>`(select count(*) from ${matches})`;
  return db
    .with(matches, page)
    .select({ ...userColumns, total: total.mapWith(Number) })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .leftJoin(files, eq(files.id, users.imageId))
    .orderBy(asc(page.lastName), asc(page.firstName), asc(page.id));
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
