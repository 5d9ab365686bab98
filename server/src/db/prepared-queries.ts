/**
 * Drizzle queries built once per database and shape (issue 9). Drizzle turns its query objects
 * into SQL text on every call, which the benchmark measured at a fifth to a quarter of a list
 * request's server CPU. A list's statement has few shapes (which filters are present, how many
 * statuses), so each shape is built once with placeholders (`sql.placeholder(name)`) and later
 * calls only bind their values: the same SQL text, the same rows.
 *
 * A query prepared on a transaction runs in that transaction and is dropped with it (the cache is
 * keyed by the `db` or transaction object), so repositories may take `Db | Tx` as before.
 */
import { createHash } from 'node:crypto';
import { sql, type Placeholder } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/** What Drizzle's `.prepare(name)` answers: run with the placeholders' values. */
export interface PreparedQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

const byDatabase = new WeakMap<Db | Tx, Map<string, PreparedQuery<unknown>>>();

/**
 * The query prepared for `db` under `shape`, built by `build(name)` on first use. `shape` names the
 * statement's text: two calls with the same shape must build the same SQL (only placeholder values
 * may differ). `name` is the PostgreSQL statement name to pass to `.prepare()`.
 */
export function preparedQuery<R>(
  db: Db | Tx,
  shape: string,
  build: (name: string) => PreparedQuery<R>,
): PreparedQuery<R> {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new Map();
    byDatabase.set(db, queries);
  }
  let query = queries.get(shape) as PreparedQuery<R> | undefined;
  if (!query) {
    const name = `q_${createHash('sha1').update(shape).digest('base64url')}`;
    query = build(name);
    queries.set(shape, query as PreparedQuery<unknown>);
  }
  return query;
}

/** Binds a value in a statement built by shape: answers the placeholder standing for it. */
export type Bind = <T>(name: string, value: T) => Placeholder;

/**
 * The values of a statement built with placeholders, recorded as it is built: `bind(name, value)`
 * answers the placeholder `name` and remembers `value` for it. For statements cached by shape
 * whose parts are cheap to build but costly to turn into SQL text (db/row-sets.ts).
 */
export class Bindings {
  readonly values: Record<string, unknown> = {};

  /** The placeholder `name`, bound to `value`. */
  bind: Bind = (name, value) => {
    this.values[name] = value;
    return sql.placeholder(name);
  };
}
