/**
 * Several row sets read in one statement (issue 9: at most 4 SQL statements per request). A row
 * set is a field map (the same kind of map a Drizzle select takes), a FROM clause with its joins
 * and WHERE, and an order; `selectRowSets` reads every set as one JSON array column of a single
 * `SELECT`, then maps each value back through its column as Drizzle would (timestamps to Date,
 * numeric to number, …), so callers get the same rows, in the same order, as separate selects.
 */
import {
  type Column,
  fillPlaceholders,
  sql,
  SQL,
  StringChunk,
  type DriverValueDecoder,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { decoderOf, type Bind } from './prepared-queries.js';

/** A selected value: a column, or an SQL expression (its `mapWith` decoder applies). */
export type RowSetField = Column | SQL;

/** One row set: `fields` keyed as the rows' properties, `from` (without the word FROM), `orderBy`. */
export interface RowSet<Row> {
  fields: { [K in keyof Row]: RowSetField };
  from: SQL;
  orderBy: SQL | undefined;
}

/**
 * Row sets built with placeholders (`build` binds their values) whose text `shape` names: two
 * builds with the same shape make the same text (db/prepared-queries.ts).
 */
export interface ExtraRowSets<E> {
  shape: string;
  build: (bind: Bind) => E;
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

/** A field map's keys with their decoders, made once per map (the maps are module constants). */
const decodersByFields = new WeakMap<object, [string, DriverValueDecoder<unknown, unknown>][]>();

/** Maps one JSON row of a set back through its fields' decoders, as Drizzle's selects do. */
function decode(fields: Record<string, RowSetField>, value: Record<string, unknown>) {
  let decoders = decodersByFields.get(fields);
  if (!decoders) {
    decoders = Object.entries(fields).map(([key, field]) => [key, decoderOf(field)]);
    decodersByFields.set(fields, decoders);
  }
  const row: Record<string, unknown> = {};
  for (const [key, decoder] of decoders) {
    const raw = value[key];
    row[key] = raw === null || raw === undefined ? null : decoder.mapFromDriverValue(raw);
  }
  return row;
}

/** A statement's text cut at its parameters, and its parameters (placeholders among them). */
interface Compiled {
  segments: string[];
  params: unknown[];
}

const dialect = new PgDialect();
/** Compiled statements by shape: the text depends on the shape only, whatever the database. */
const compiledByShape = new Map<string, Compiled>();

/** `statement` as text segments between its `$n` parameters, or null if they are not 1..n in order. */
function compile(statement: SQL): Compiled | null {
  const query = dialect.sqlToQuery(statement);
  const segments = query.sql.split(/\$(\d+)/);
  for (let i = 1; i < segments.length; i += 2) {
    if (Number(segments[i]) !== (i + 1) / 2) return null;
  }
  if ((segments.length - 1) / 2 !== query.params.length) return null;
  return { segments: segments.filter((_, i) => i % 2 === 0), params: query.params };
}

/** The statement of `compiled` with its placeholders filled from `values`. */
function instantiate(compiled: Compiled, values: Record<string, unknown>): SQL {
  const params = fillPlaceholders(compiled.params, values);
  const chunks: unknown[] = [];
  compiled.segments.forEach((segment, i) => {
    chunks.push(new StringChunk(segment));
    if (i < params.length) chunks.push(params[i]);
  });
  return new SQL(chunks as ConstructorParameters<typeof SQL>[0]);
}

/**
 * Reads every set of `sets` in one statement and answers their rows by the same keys. An empty
 * set answers `[]`.
 *
 * With `prepared`, the sets were built with placeholders (`Bindings`) and `prepared.shape` names
 * their text: the text is made once per shape and later calls only fill in `prepared.values`
 * (issue 9: turning the detail screens' statement into text was a fifth of their server CPU).
 */
export async function selectRowSets<S extends Record<string, RowSet<unknown>>>(
  db: Db | Tx,
  sets: S,
  prepared?: { shape: string; values: Record<string, unknown> },
): Promise<{ [K in keyof S]: RowsOf<S[K]> }> {
  const entries = Object.entries(sets);
  const statement = () => {
    const columns = entries.map(([name, set]) => {
      const order = set.orderBy ? sql` order by ${set.orderBy}` : sql``;
      const fields = set.fields as Record<string, RowSetField>;
      return sql`(select coalesce(json_agg(${jsonObject(fields)}${order}), '[]'::json) from ${set.from}) as ${sql.identifier(name)}`;
    });
    return sql`select ${sql.join(columns, sql`, `)}`;
  };
  let query: SQL;
  if (prepared) {
    let compiled = compiledByShape.get(prepared.shape);
    if (!compiled) {
      const made = compile(statement());
      if (!made) throw new Error(`selectRowSets: cannot cut the statement of ${prepared.shape}`);
      compiled = made;
      compiledByShape.set(prepared.shape, compiled);
    }
    query = instantiate(compiled, prepared.values);
  } else {
    query = statement();
  }
  const result = await db.execute(query);
  const [record] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const answer: Record<string, unknown[]> = {};
  for (const [name, set] of entries) {
    const fields = set.fields as Record<string, RowSetField>;
    const values = (record?.[name] ?? []) as Record<string, unknown>[];
    answer[name] = values.map((value) => decode(fields, value));
  }
  return answer as { [K in keyof S]: RowsOf<S[K]> };
}
