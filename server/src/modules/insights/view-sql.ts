/**
 * What the insights' statements share (decisions.md#insights-and-administration §1): the prepared
 * view reader, the SQL parts that read ratings out of a ratings form and aggregate them per
 * criterion, and the row types of persons, criteria and ratings. Used by repository.ts and
 * people-repository.ts.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-queries.js';
import type { assignments, organizations, users } from '../../db/schema/index.js';

/** The placeholder of the id a view is read for, in its prepared statement. */
export const idParam = sql.placeholder('id');

/**
 * The JSON a view's statement builds (`body()`, a statement answering one `json` value, reading
 * the id as `idParam`) for the row `id` of `table`, or undefined when that row is gone. The
 * statement is prepared once per database (db/prepared-queries.ts) under `key`: a view's text is
 * long and planned anew on every call otherwise. node-postgres and PGlite both parse `json`.
 */
export async function viewOf<T>(
  db: Db,
  key: string,
  table: typeof assignments | typeof users | typeof organizations,
  id: number,
  body: () => SQL,
): Promise<T | undefined> {
  const query = preparedQuery(db, key, (name) =>
    db
      .select({ data: sql<T | string>`(${body()})` })
      .from(table)
      .where(eq(table.id, idParam))
      .prepare(name),
  );
  const [row] = await query.execute({ id });
  if (!row) return undefined;
  return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as T;
}

/** SQL: `ts` (timestamptz) as ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes it. */
export const iso = (ts: SQL) =>
  sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * SQL: the elements of the ratings form `answers` (jsonb `[{questionId, text}]`, as the review call
 * stores it) as the rows `alias("questionId" text, text text)`, one pass over the array (cheaper
 * than `jsonb_array_elements` and `->>` per field); a missing form has none.
 */
export const formRows = (answers: SQL, alias: string) =>
  sql`jsonb_to_recordset(coalesce(${answers}, '[]'::jsonb)) as ${sql.raw(alias)}("questionId" text, text text)`;

/** SQL: the form row `alias` is a rating (its text one of '1'…'5'). */
export const isRating = (alias: string) => sql`${sql.raw(alias)}.text in ('1', '2', '3', '4', '5')`;

/** SQL: the stats of one criterion over rows with a `stars` column (count, mean, distribution). */
export const statsColumns = (stars: SQL) => sql`count(${stars})::int as count,
  round(avg(${stars}), 2)::float8 as mean,
  array[count(*) filter (where ${stars} = 1), count(*) filter (where ${stars} = 2),
        count(*) filter (where ${stars} = 3), count(*) filter (where ${stars} = 4),
        count(*) filter (where ${stars} = 5)]::int[] as distribution`;

/**
 * SQL: the JSON array of the stats of every criterion (`crit c`, in order) from the stats rows
 * `alias` (left joined: a criterion without ratings counts 0, mean null).
 */
export const criteriaJson = (alias: SQL) => sql`json_agg(json_build_object(
  'questionId', c.question_id, 'count', coalesce(${alias}.count, 0), 'mean', ${alias}.mean,
  'distribution', coalesce(${alias}.distribution, array[0, 0, 0, 0, 0]::int[]))
  order by c.position)`;

/** What the access check of an assignment needs. */
/** A person as the statements name them (id null: erased; the presenter names them). */
export interface PersonRow {
  id: number | null;
  firstName: string | null;
  lastName: string | null;
}

/** The stats of one criterion. */
export interface CriterionStatsRow {
  questionId: number;
  count: number;
  mean: number | null;
  distribution: number[];
}

/** One rating of a review. */
export interface RatingRow {
  questionId: number;
  stars: number;
}
