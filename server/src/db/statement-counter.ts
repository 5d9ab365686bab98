/**
 * An opt-in count of the SQL statements each HTTP request runs, for the benchmark (bench/README.md
 * 'SQL statements per request'). Off unless `BENCH_SQL_COUNT=1`: then, and only then,
 *
 * - every response carries `x-sql-count`, the number of statements the request sent to the
 *   database before its answer was written (BEGIN and COMMIT of a transaction included);
 * - a request sent with `x-sql-statements: 1` also gets `x-sql-statements`, the statements
 *   themselves as base64url JSON `[{sql, params}]` (the benchmark replays them with a plain `pg`
 *   client as its raw-SQL reference).
 *
 * Requests are told apart with an AsyncLocalStorage entered from Node's `http.server.request.start`
 * diagnostics channel, so no Fastify hook is involved and statements of background work (the mail
 * worker) are not counted. When the variable is unset nothing is subscribed and no logger is
 * installed: production runs exactly the code it runs without this file.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnosticsChannel from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'drizzle-orm';

/** One statement as Drizzle sent it. */
export interface LoggedStatement {
  sql: string;
  params: unknown[];
}

interface Tally {
  count: number;
  /** Kept only when the request asked for them. */
  statements: LoggedStatement[] | null;
}

/**
 * The per-request tallies and whether the diagnostics channel is subscribed: one pair per process,
 * kept on `globalThis`, so a second instance of this module (a test runner that reloads modules
 * in the same process) shares them instead of subscribing again with tallies of its own — two
 * subscriptions would each write `x-sql-count`, the last one with a count of 0.
 */
const shared = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('practica.sql-statement-counter')
] ??= { tallies: new AsyncLocalStorage<Tally>(), subscribed: false }) as {
  tallies: AsyncLocalStorage<Tally>;
  subscribed: boolean;
};
const tallies = shared.tallies;

/** Name of the response header carrying the count. */
export const sqlCountHeader = 'x-sql-count';
/** Name of the request and response header of the statements themselves. */
export const sqlStatementsHeader = 'x-sql-statements';

function onRequestStart(message: unknown): void {
  const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
  const tally: Tally = {
    count: 0,
    statements: request.headers[sqlStatementsHeader] === '1' ? [] : null,
  };
  tallies.enterWith(tally);
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      this.setHeader(sqlCountHeader, String(tally.count));
      if (tally.statements)
        this.setHeader(
          sqlStatementsHeader,
          Buffer.from(JSON.stringify(tally.statements)).toString('base64url'),
        );
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/**
 * The Drizzle logger that counts statements per request when `BENCH_SQL_COUNT=1` (and starts
 * telling requests apart on first use); undefined otherwise, so the database client installs no
 * logger at all.
 */
export function statementCounterFromEnv(env: NodeJS.ProcessEnv = process.env): Logger | undefined {
  if (env['BENCH_SQL_COUNT'] !== '1') return undefined;
  if (!shared.subscribed) {
    diagnosticsChannel.subscribe('http.server.request.start', onRequestStart);
    shared.subscribed = true;
  }
  return {
    logQuery(query: string, params: unknown[]) {
      const tally = tallies.getStore();
      if (!tally) return;
      tally.count += 1;
      tally.statements?.push({ sql: query, params });
    },
  };
}
