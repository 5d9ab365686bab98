/**
 * The store of `@fastify/rate-limit`'s per-client request limits (sign-in, password reset and
 * invite acceptance per address, invite batches per user; decisions.md#sessions-and-tokens),
 * counted in the database (`rate_limit_counters`) instead of each process's memory, so that every
 * copy of the server behind one load balancer counts the same hits: with the plugin's in-memory
 * store, N copies allowed N times the rate (operations.md 'Several copies behind a load balancer').
 *
 * A fixed window per route and key, like the plugin's own stores: the first hit opens a window of
 * `timeWindow` ms, later hits count in it, and the one after it ends opens the next. One statement
 * per request (an upsert that answers the count and the ms left), by the database's clock, so
 * copies whose clocks differ agree. Keys (client addresses) are stored as SHA-256 hashes. Rows of
 * ended windows are swept about once a minute per process.
 *
 * Counters are kept per route ('POST /api/auth'); limiters made outside a route
 * (`app.createRateLimit`) share one namespace, so each gives its keys a prefix of its own (the
 * API tokens' `api-token|<address>`, plugins/auth.ts).
 *
 * The plugin's `continueExceeding` and `exponentialBackoff` are not offered (no route uses them):
 * a route asking for them fails at registration.
 */
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitCounters } from '../db/schema/index.js';

/** How often, at most, a hit also removes the rows of ended windows (ms). */
const sweepEveryMs = 60_000;

/** The plugin's options a store sees (its global ones, then each route's merged ones). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** The stored form of a key: SHA-256, hex (client addresses are not kept in the clear). */
function keyHashOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The name a route's counters are kept under: 'POST /api/auth' ('' outside a route). */
function routeNameOf(params: StoreParams): string {
  const { method, url } = params.routeInfo ?? {};
  if (!url) return '';
  return `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${url}`;
}

/** Milliseconds until the row's window ends (negative once it ended), by the database's clock. */
const msLeft = sql<string>`ceil(extract(epoch from ${rateLimitCounters.windowEndsAt} - now()) * 1000)`;

/** What the sweep of one database shares between the stores of its routes. */
interface Sweep {
  lastMs: number;
}

/**
 * A store class for `@fastify/rate-limit`'s `store` option that counts in `db`'s
 * `rate_limit_counters` (see the module note). Its `incr` answers `{current, ttl}` (hits in the
 * window, ms until it ends) or passes the database's error to the plugin (the request then fails
 * with it: 503 when the database is unavailable). Throws at registration for the options it does
 * not offer (`continueExceeding`, `exponentialBackoff`).
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const sweep: Sweep = { lastMs: 0 };
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly route: string;

    constructor(params: StoreParams = {}) {
      if (params.continueExceeding || params.exponentialBackoff) {
        throw new Error(
          'the database rate-limit store counts fixed windows only: continueExceeding and exponentialBackoff are not offered',
        );
      }
      this.route = routeNameOf(params);
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      hit(db, sweep, this.route, key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** The count and ms left of the key's window without counting a hit (the plugin's `increment: false`). */
    read(key: string, callback: IncrCallback): void {
      peek(db, this.route, key).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin passes the route's merged limit options (its typings say RouteOptions).
    child(routeOptions: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions as StoreParams);
    }
  };
}

/**
 * Counts one hit of `key` on `route` with windows of `windowMs` (ms); answers the hits of the
 * current window (this one included) and the ms until it ends. One upsert; about once a minute
 * per process also a delete of ended windows.
 */
async function hit(
  db: Db,
  sweep: Sweep,
  route: string,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const c = rateLimitCounters;
  const ended = sql`${c.windowEndsAt} <= now()`;
  const windowEnd = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(c)
    .values({ route, keyHash: keyHashOf(key), hits: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: [c.route, c.keyHash],
      set: {
        hits: sql`case when ${ended} then 1 else ${c.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${windowEnd} else ${c.windowEndsAt} end`,
      },
    })
    .returning({ hits: c.hits, ttl: msLeft });
  const now = Date.now();
  if (now - sweep.lastMs >= sweepEveryMs) {
    sweep.lastMs = now;
    await db.delete(c).where(lte(c.windowEndsAt, sql`now()`));
  }
  return { current: row!.hits, ttl: Math.max(0, Number(row!.ttl)) };
}

/** The hits and ms left of `key`'s window on `route`; `{0, 0}` when none is open. */
async function peek(db: Db, route: string, key: string): Promise<{ current: number; ttl: number }> {
  const c = rateLimitCounters;
  const [row] = await db
    .select({
      hits: c.hits,
      ttl: msLeft,
    })
    .from(c)
    .where(and(eq(c.route, route), eq(c.keyHash, keyHashOf(key)), sql`${c.windowEndsAt} > now()`));
  return row ? { current: row.hits, ttl: Math.max(0, Number(row.ttl)) } : { current: 0, ttl: 0 };
}
