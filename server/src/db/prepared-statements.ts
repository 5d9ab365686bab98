/**
 * Named statements on PostgreSQL (decisions.md#performance: no per-request work that is not needed). Drizzle sends
 * every query unnamed, so PostgreSQL parses and plans it again on every request — for the list
 * queries planning costs about as much as running them. Here each SELECT, INSERT, UPDATE, DELETE or
 * WITH text gets a name derived from the text itself, so a pooled connection parses it once and
 * reuses the statement (and, after a few runs, its plan) for every later request: the same SQL,
 * the same results.
 *
 * A connection names at most `maxPerConnection` distinct texts (an IN list has one text per
 * length; later texts run unnamed as before), and connections closed by the pool take their
 * statements with them. Turn it off (`DATABASE_PREPARED_STATEMENTS=false`) behind a pooler that
 * cannot keep named statements, such as PgBouncer in transaction mode before 1.21.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

const preparable = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;
const names = new Map<string, string>();
const maxRemembered = 5_000;

/** The statement name of `text`: the same text, the same name (a hash; PostgreSQL allows 63 bytes). */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= maxRemembered) names.clear();
    names.set(text, name);
  }
  return name;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}

/** Names the statements of every connection `pool` opens (see the module note). */
export function prepareStatements(pool: pg.Pool, maxPerConnection = 200): void {
  pool.on('connect', (client) => {
    const prepared = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      if (isPlainObject(config) && !config['name'] && typeof config['text'] === 'string') {
        const text = config['text'];
        if (preparable.test(text)) {
          const name = statementName(text);
          if (prepared.has(name) || prepared.size < maxPerConnection) {
            prepared.add(name);
            return query({ ...config, name }, ...rest);
          }
        }
      }
      return query(config, ...rest);
    }) as typeof client.query;
  });
}
