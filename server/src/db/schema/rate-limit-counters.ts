/**
 * The per-client request limits of `@fastify/rate-limit` (sign-in, password reset, invite
 * acceptance, invite batches; decisions.md#sessions-and-tokens), counted in the database by the
 * store of plugins/rate-limit-store.ts so that N copies of the server behind one load balancer
 * allow what one copy allows, not N times as much. One row per limited route and client key
 * (a fixed window: the hits since the window started, and when it ends). The table is UNLOGGED on
 * PostgreSQL (migration 0017): a crash forgets the counters, which only resets the windows early.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The limited route ('POST /api/auth'), or '' for a limiter made outside a route. */
    route: text('route').notNull(),
    /** SHA-256 of the client's key (its address, or the route's own key), hex. */
    keyHash: text('key_hash').notNull(),
    /** Requests counted in the current window. */
    hits: integer('hits').notNull(),
    /** When the current window ends, by the database's clock (every copy reads the same). */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.route, t.keyHash] }),
    index('rate_limit_counters_ends_idx').on(t.windowEndsAt),
  ],
);
