/**
 * SQL conditions and patterns shared by the modules' queries. Plain Drizzle `sql`: they bind no
 * values of their own, so they may sit in a statement prepared by shape (db/query-shape.ts).
 */
import { ilike, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { users } from './schema/index.js';

/**
 * SQL: the user of `userId` — a NOT NULL user id column whose user row exists (a foreign key) —
 * is not soft-deleted. The same rows as joining users on `deleted_at is null`, but read with one
 * hashed lookup into the few deleted users (users_deleted_idx) per statement instead of one read
 * of the users table per row: counts over answers and members stay in their own indexes.
 */
export function userNotDeleted(userId: AnyPgColumn): SQL {
  return sql`${userId} not in (select ${users.id} from ${users} where ${users.deletedAt} is not null)`;
}

/**
 * The LIKE pattern finding `text` anywhere: `%text%` with its wildcards escaped, so that a search
 * for '50%' finds the text '50%' and not every text holding '50'.
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * SQL: the user's first name, last name, email or "first last" matches the ILIKE `pattern` (from
 * `likePattern`, or a placeholder bound to one). Used by the people lists and pickers.
 */
export function userNameOrEmailMatches(pattern: string | Placeholder): SQL {
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  )!;
}

/**
 * Runs the raw statement `query` on `db` (a connection or a transaction) and answers its rows as
 * `T[]` (node-postgres and PGlite both answer `{rows}`): the one way modules read a hand-written
 * statement's rows.
 */
export async function executeRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
