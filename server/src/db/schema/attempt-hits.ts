/**
 * Counted attempts of the limits on an email address (decisions.md#sessions-and-tokens): failed
 * sign-ins per address, password-reset requests per address. Kept in the database, not in a
 * process, so the limits hold with several copies of the server behind one load balancer. The
 * address is stored only as a SHA-256 hash; a row lives as long as its window.
 */
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';

export const attemptHits = pgTable(
  'attempt_hits',
  {
    /** Which limit counts the hit: 'sign-in' or 'password-reset'. */
    scope: text('scope').notNull(),
    /** SHA-256 of the counted key (the lower-cased email address), hex. */
    keyHash: text('key_hash').notNull(),
    /** When the attempt was made: ms since the epoch, by the server's clock. */
    atMs: bigint('at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('attempt_hits_key_idx').on(t.scope, t.keyHash, t.atMs),
    index('attempt_hits_at_idx').on(t.atMs),
  ],
);
