/**
 * The cache key, WHERE and values of a statement prepared by shape (db/prepared-queries.ts), made by
 * one recorder so that they cannot disagree. A hot list builds its statement's variable parts
 * through one `QueryShape`:
 *
 * - every value through `bind(name, value)`, which answers the placeholder `name` and records the
 *   name into the key and the value into `values`;
 * - every branch that changes the statement's text (a joined table, a first-page form, the kind of
 *   search) through `flag(name, value)`, which records the flag into the key and answers `value`;
 * - the WHERE (and any other condition) through `where(condition)`, which records the condition's
 *   own structure into the key: its SQL text, columns, placeholder names and any inline value.
 *
 * The key is thus derived from what was built, not written beside it. A condition added without
 * `bind` still changes the key (its inline value is part of the structure): at worst it costs a
 * statement per value, never another filter set's statement — the organization scope included.
 */
import {
  Column,
  getTableName,
  Name,
  Param,
  Placeholder,
  SQL,
  sql,
  StringChunk,
  Subquery,
  Table,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { preparedQuery, type PreparedQuery } from './prepared-queries.js';

/** Builds one statement's key, values and conditions; see the module comment. */
export class QueryShape {
  /** The placeholders' values, by name: what `execute` takes. */
  readonly values: Record<string, unknown> = {};
  private readonly parts: string[];

  /** `name` names the statement (e.g. `answers.list`); it starts the key. */
  constructor(name: string) {
    this.parts = [JSON.stringify(name)];
  }

  /**
   * The placeholder `name`, bound to `value`. Throws when `name` is already bound, or is `limit` or
   * `offset`: a page's window (db/paging.ts `PageWindow`) fills those.
   */
  bind<T>(name: string, value: T): Placeholder<string, T> {
    if (name === 'limit' || name === 'offset')
      throw new Error(`QueryShape: '${name}' is the page window's (readPage), not bound`);
    if (Object.hasOwn(this.values, name)) throw new Error(`QueryShape: '${name}' is bound twice`);
    this.values[name] = value;
    this.parts.push(`$${JSON.stringify(name)}`);
    return sql.placeholder(name) as Placeholder<string, T>;
  }

  /** Records a branch of the statement's text into the key; answers `value`. */
  flag<T extends string | number | boolean>(name: string, value: T): T {
    this.parts.push(`#${JSON.stringify(name)}=${JSON.stringify(value)}`);
    return value;
  }

  /** Records `condition`'s structure (or its absence) into the key; answers `condition`. */
  where<T extends SQL | undefined>(condition: T): T {
    const out: string[] = ['?'];
    if (condition !== undefined) fingerprint(condition, out);
    this.parts.push(out.join(''));
    return condition;
  }

  /** The cache key: every bind, flag and condition recorded so far, in order. */
  get key(): string {
    return this.parts.join('\u0000');
  }

  /**
   * The statement prepared for `db` under this shape's key, built by `build(name)` on first use
   * (`preparedQuery`). Run it with `execute(this.values)`.
   */
  prepared<R>(db: Db | Tx, build: (name: string) => PreparedQuery<R>): PreparedQuery<R> {
    return preparedQuery(db, this.key, build);
  }
}

/** A value Drizzle inlines as a parameter, as key text (JSON; bigint as digits with `n`). */
function valueText(value: unknown): string {
  return typeof value === 'bigint' ? `${value}n` : JSON.stringify(value);
}

/**
 * Appends to `out` a text that differs whenever the SQL Drizzle makes of `chunk` could differ:
 * each kind of chunk has its own tag, names and texts are JSON-quoted. Reads Drizzle's public SQL
 * structure (`SQL.queryChunks`, `StringChunk.value`, `Column.name`, `Placeholder.name`,
 * `Param.value`); any other value is a parameter Drizzle inlines, keyed by its value. Throws on a
 * Drizzle object it does not know (a view) rather than leave it out of the key.
 */
function fingerprint(chunk: unknown, out: string[]): void {
  if (chunk instanceof SQL) {
    out.push('(');
    for (const part of chunk.queryChunks) fingerprint(part, out);
    out.push(')');
  } else if (chunk instanceof StringChunk) {
    out.push(`s${JSON.stringify(chunk.value.join(''))}`);
  } else if (chunk instanceof Column) {
    out.push(`c${JSON.stringify(getTableName(chunk.table))}.${JSON.stringify(chunk.name)}`);
  } else if (chunk instanceof Table) {
    out.push(`t${JSON.stringify(getTableName(chunk))}`);
  } else if (chunk instanceof Placeholder) {
    out.push(`p${JSON.stringify(chunk.name)}`);
  } else if (chunk instanceof Name) {
    out.push(`n${JSON.stringify(chunk.value)}`);
  } else if (chunk instanceof Param) {
    out.push('v');
    if (chunk.value instanceof Placeholder) fingerprint(chunk.value, out);
    else out.push(valueText(chunk.value));
  } else if (chunk instanceof SQL.Aliased) {
    out.push(`a${JSON.stringify(chunk.fieldAlias)}`);
    fingerprint(chunk.sql, out);
  } else if (chunk instanceof Subquery) {
    out.push(`q${JSON.stringify(chunk._.alias)}${chunk._.isWith ? 'w' : ''}`);
    fingerprint(chunk._.sql, out);
  } else if (Array.isArray(chunk)) {
    out.push('[');
    for (const item of chunk) fingerprint(item, out);
    out.push(']');
  } else if (chunk !== null && typeof (chunk as Partial<SQLWrapper>).getSQL === 'function') {
    const inner = (chunk as SQLWrapper).getSQL();
    if (inner.queryChunks.includes(chunk as never))
      throw new Error(`QueryShape: cannot key a condition holding ${String(chunk)}`);
    fingerprint(inner, out);
  } else {
    out.push(`v${valueText(chunk)}`);
  }
}
