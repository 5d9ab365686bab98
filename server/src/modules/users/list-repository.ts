/**
 * Paged user lists (000 §7 GET /users, GET /organizations/{id}/users): one statement per page,
 * the total coming from a count over the same filter in that statement.
 */
import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { Existence, type ExistenceId, type RoleId } from '@practica/contract';
import type { Db } from '../../db/client.js';
import { readPage, type Paging } from '../../db/paging.js';
import { QueryShape } from '../../db/query-shape.js';
import { likePattern, userNameOrEmailMatches } from '../../db/sql-helpers.js';
import { files, users } from '../../db/schema/index.js';

export interface UserListFilter extends Paging {
  /** Restrict to one organization (managers and instructors always are). */
  organizationId?: number;
  roles?: RoleId[];
  /** At least 3 characters; matched against first name, last name and email, ignoring case. */
  search?: string;
  existence: ExistenceId;
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
 * SQL: the user matches the search bound to `search` (`searchValue`) — it lies,
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
function userSearch(kind: SearchKind, search: Placeholder): SQL | undefined {
  if (kind === 'lines') {
    return userNameOrEmailMatches(search);
  }
  return kind === 'trigram'
    ? sql`${users.searchKey} like lower(${search}::text)`
    : sql`strpos(${users.searchKey}, lower(${search}::text)) > 0`;
}

/** The value `userSearch` compares with: a LIKE pattern, or for a `plain` search the text itself. */
function searchValue(kind: SearchKind, text: string): string {
  return kind === 'plain' ? text : likePattern(text);
}

/**
 * One page of users, ordered by last name, first name, id; and the total over all pages. One
 * statement (two past the last page, `readPage`): the page's ids and the total are read from
 * indexes alone (users_org_list_idx and users_list_idx hold every filter and the order), the
 * page's scan stopping at its last row; then only the page's rows are read. A deep page costs what
 * page 1 costs plus the index entries it skips. With a search, the matching users are found once
 * (`searchPage`). The statement is prepared once per shape (db/query-shape.ts).
 */
export async function listUsers(
  db: Db,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; count: number }> {
  const q = new QueryShape('users.list');
  const { organizationId, roles, existence, search } = filter;
  const kind = q.flag('search', search ? searchKind(search) : 'none');
  const where = q.where(
    and(
      organizationId !== undefined
        ? eq(users.organizationId, q.bind('organizationId', organizationId))
        : undefined,
      roles && roles.length > 0
        ? inArray(
            users.roleId,
            roles.map((role, i) => q.bind(`role${i}`, role)),
          )
        : undefined,
      existence === Existence.Existing ? isNull(users.deletedAt) : undefined,
      existence === Existence.Deleted ? isNotNull(users.deletedAt) : undefined,
      search && kind !== 'none'
        ? userSearch(kind, q.bind('search', searchValue(kind, search)))
        : undefined,
    ),
  );
  const list = q.prepared(db, (name) =>
    (kind === 'none' ? listPage(db, where) : searchPage(db, where)).prepare(name),
  );
  return readPage(filter, (window) => list.execute({ ...q.values, ...window }));
}

const listOrder = [asc(users.lastName), asc(users.firstName), asc(users.id)];

/** A page of `where`'s users, no search: the page's ids in list order, the total from the index. */
function listPage(db: Db, where: SQL | undefined) {
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
function searchPage(db: Db, where: SQL | undefined) {
  const matches = db
    .$with('matches')
    .as(
      db
        .select({ id: users.id, lastName: users.lastName, firstName: users.firstName })
        .from(users)
        .where(where),
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
