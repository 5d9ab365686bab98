/**
 * Drizzle queries built once per database and key. Drizzle turns its query objects into SQL text
 * on every call, a large part of a list request's server CPU; a list's statement has few shapes
 * (which filters are present, how many statuses), so each shape is built once with placeholders
 * (`sql.placeholder(name)`) and later calls only bind their values: the same SQL text, the same
 * rows. A statement with variable parts gets its key, WHERE and values from one `QueryShape`
 * (db/query-shape.ts); a statement of one fixed text may use a constant key.
 *
 * A query prepared on a transaction runs in that transaction and is dropped with it (the cache is
 * keyed by the `db` or transaction object), so repositories may take `Db | Tx`.
 *
 * `compileRowMapper` reads fields that are private to Drizzle: `drizzle-orm` is pinned to an exact
 * version in server/package.json, and db-performance.test.ts fails when that version or the fields
 * read change.
 */
import { createHash } from 'node:crypto';
import { Column, is, SQL, Subquery, type DriverValueDecoder } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/** What Drizzle's `.prepare(name)` answers: run with the placeholders' values. */
export interface PreparedQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

const byDatabase = new WeakMap<Db | Tx, Map<string, PreparedQuery<unknown>>>();

/**
 * The query prepared for `db` under `key`, built by `build(name)` on first use, with its rows
 * mapped by `compileRowMapper`. `key` stands for the statement's text: two calls with the same key
 * must build the same SQL (only placeholder values may differ) — `QueryShape.prepared` derives it.
 * `name` is the PostgreSQL statement name to pass to `.prepare()`.
 */
export function preparedQuery<R>(
  db: Db | Tx,
  key: string,
  build: (name: string) => PreparedQuery<R>,
): PreparedQuery<R> {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new Map();
    byDatabase.set(db, queries);
  }
  let query = queries.get(key) as PreparedQuery<R> | undefined;
  if (!query) {
    const name = `q_${createHash('sha1').update(key).digest('base64url')}`;
    query = build(name);
    compileRowMapper(query);
    queries.set(key, query as PreparedQuery<unknown>);
  }
  return query;
}

/** What `compileRowMapper` reads of a Drizzle prepared select (node-postgres and PGlite alike). */
export interface DrizzlePreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
  queryConfig?: { rowMode?: string };
}

/**
 * The decoder Drizzle's own row mapping (`mapResultRow`) uses for a selected field: the column
 * itself, or the `decoder` of the field's SQL (set by `mapWith`).
 */
export function decoderOf(field: unknown): DriverValueDecoder<unknown, unknown> {
  // `decoder` (set by `mapWith`) is internal to Drizzle's types; its mapping reads it the same way.
  const of = (expression: SQL) =>
    (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return of(field);
  if (is(field, Subquery)) return of((field._ as unknown as { sql: SQL }).sql);
  return of((field as SQL.Aliased).sql);
}

/**
 * Gives a prepared select of flat fields (`{key: column or sql}`, no nested objects) a row mapper
 * made once: each row becomes `{key: decoded value}` as Drizzle's `mapResultRow` makes it, without
 * finding out again, for every value of every row, which kind of field (and decoder) the column
 * has, which walks prototype chains.
 * Selects with nested objects (where Drizzle also nulls a left-joined object) keep Drizzle's own
 * mapping. Relies on Drizzle's prepared query shape (`fields`, `customResultMapper`, array rows),
 * the same for node-postgres and PGlite; db-performance.test.ts checks the rows are Drizzle's.
 */
export function compileRowMapper(query: unknown): void {
  const prepared = query as DrizzlePreparedSelect;
  const fields = prepared.fields;
  if (
    !Array.isArray(fields) ||
    prepared.customResultMapper !== undefined ||
    prepared.queryConfig?.rowMode !== 'array' ||
    fields.some((f) => f.path.length !== 1)
  )
    return;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  const width = keys.length;
  prepared.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        const value = row[i];
        mapped[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return mapped;
    });
}
