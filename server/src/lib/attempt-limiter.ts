/**
 * A sliding-window limit per key (failed sign-ins per email address, reset requests per address;
 * decisions.md#sessions-and-tokens), counted in the database (`attempt_hits`), so that every copy
 * of the server behind one load balancer counts the same hits: with the count in each process's
 * memory, three copies allowed three times the attempts. Keys are stored as SHA-256 hashes.
 *
 * Two attempts checked at the same moment may both pass before either is counted (as before: the
 * check comes before the password is verified); the per-IP request limit bounds how many can.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { attemptHits } from '../db/schema/index.js';

/** The stored form of a key: SHA-256, hex (addresses are not kept in the clear). */
function keyHashOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** How often, at most, a hit also removes every key's expired rows (ms). */
const sweepEveryMs = 60_000;

export class AttemptLimiter {
  private lastSweep = 0;

  /**
   * At most `max` hits per key within `windowMs` (ms), counted under `scope` (e.g. 'sign-in');
   * `now` answers the time in ms since the epoch (tests pass a clock of their own).
   */
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private where(keyHash: string) {
    return and(eq(attemptHits.scope, this.scope), eq(attemptHits.keyHash, keyHash));
  }

  /**
   * Seconds until the key may try again (at least 1), or 0 when it may now: the key's `max`-th
   * latest hit within the window leaves the window then. One indexed read of at most `max` rows.
   */
  async retryAfterSeconds(key: string): Promise<number> {
    const now = this.now();
    const recent = await this.db
      .select({ atMs: attemptHits.atMs })
      .from(attemptHits)
      .where(and(this.where(keyHashOf(key)), gt(attemptHits.atMs, now - this.windowMs)))
      .orderBy(desc(attemptHits.atMs))
      .limit(this.max);
    if (recent.length < this.max) return 0;
    const oldest = recent[recent.length - 1]!.atMs;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  /**
   * Counts one hit for the key now, and drops the key's hits that left the window; about once a
   * minute per process also every key's (under this scope).
   */
  async hit(key: string): Promise<void> {
    const now = this.now();
    const keyHash = keyHashOf(key);
    await this.db.insert(attemptHits).values({ scope: this.scope, keyHash, atMs: now });
    const expired = lte(attemptHits.atMs, now - this.windowMs);
    const sweep = now - this.lastSweep >= sweepEveryMs;
    if (sweep) this.lastSweep = now;
    await this.db
      .delete(attemptHits)
      .where(
        sweep ? and(eq(attemptHits.scope, this.scope), expired) : and(this.where(keyHash), expired),
      );
  }

  /** Forgets the key's hits (e.g. after a successful sign-in). */
  async reset(key: string): Promise<void> {
    await this.db.delete(attemptHits).where(this.where(keyHashOf(key)));
  }
}
