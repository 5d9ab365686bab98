/**
 * Several row sets read in one statement (issue 9: at most 4 SQL statements per request). A row
 * set is a field map (the same kind of map a Drizzle select takes), a FROM clause with its joins
 * and WHERE, and an order; `selectRowSets` reads every set as one JSON array column of a single
 * `SELECT`, then maps each value back through its column as Drizzle would (timestamps to Date,
 * numeric to number, …), so callers get the same rows, in the same order, as separate selects.
 */
import { Column, is, sql, type DriverValueDecoder, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/** A selected value: a column, or an SQL expression (its `mapWith` decoder applies). */
export type RowSetField = Column | SQL;

/** One row set: `fields` keyed as the rows' properties, `from` (without the word FROM), `orderBy`. */
export interface RowSet<Row> {
  fields: { [K in keyof Row]: RowSetField };
  from: SQL;
  orderBy: SQL | undefined;
}

/** The rows a row set reads. */
export type RowsOf<S> = S extends RowSet<infer Row> ? Row[] : never;

/** Makes a row set; `from` is the table expression with joins and WHERE, `orderBy` its ORDER BY list. */
export function rowSet<Row>(
  fields: { [K in keyof Row]: RowSetField },
  from: SQL,
  orderBy?: SQL,
): RowSet<Row> {
  return { fields, from, orderBy };
}

function jsonObject(fields: Record<string, RowSetField>): SQL {
  const pairs = Object.entries(fields).map(
    // Keys are property names written in the code, never input: safe as literals.
    ([key, field]) => sql`${sql.raw(`'${key.replace(/'/g, "''")}'`)}, ${field}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

type Decoder = DriverValueDecoder<unknown, unknown>;

function decode(fields: Record<string, RowSetField>, value: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const raw = value[key];
    if (raw === null || raw === undefined) row[key] = null;
    else if (is(field, Column)) row[key] = field.mapFromDriverValue(raw);
    // `decoder` (set by `mapWith`) is internal to Drizzle's types; its selects read it the same way.
    else row[key] = (field as unknown as { decoder: Decoder }).decoder.mapFromDriverValue(raw);
  }
  return row;
}

/**
 * Reads every set of `sets` in one statement and answers their rows by the same keys. An empty
 * set answers `[]`.
 */
export async function selectRowSets<S extends Record<string, RowSet<unknown>>>(
  db: Db | Tx,
  sets: S,
): Promise<{ [K in keyof S]: RowsOf<S[K]> }> {
  const entries = Object.entries(sets);
  const columns = entries.map(([name, set]) => {
    const order = set.orderBy ? sql` order by ${set.orderBy}` : sql``;
    const fields = set.fields as Record<string, RowSetField>;
    return sql`(select coalesce(json_agg(${jsonObject(fields)}${order}), '[]'::json) from ${set.from}) as ${sql.identifier(name)}`;
  });
  const result = await db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const [record] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const answer: Record<string, unknown[]> = {};
  for (const [name, set] of entries) {
    const fields = set.fields as Record<string, RowSetField>;
    const values = (record?.[name] ?? []) as Record<string, unknown>[];
    answer[name] = values.map((value) => decode(fields, value));
  }
  return answer as { [K in keyof S]: RowsOf<S[K]> };
}
