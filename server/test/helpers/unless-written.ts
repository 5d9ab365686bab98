/**
 * Skips a costly look at the database while nothing has written to it: the security suites
 * fingerprint every table before and after each refused request (docs/testing.md 'Where the time
 * goes'), and most refused requests write nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/**
 * Wraps `take` (a fingerprint of the tables) so that it runs again only when some transaction
 * besides this wrapper's own probes was given a transaction id since its last answer; otherwise
 * the last answer still stands. Every row change needs a transaction id, and a probe
 * (`pg_current_xact_id()`, one statement in its own transaction) takes one itself, so "nothing else
 * wrote" is "this probe's id follows the previous probe's". Works on PostgreSQL and PGlite; answers
 * what `take` would answer now.
 */
export function unlessWritten<T>(db: Db, take: () => Promise<T>): () => Promise<T> {
  let last: { value: T; xid: bigint } | null = null;
  const probe = async (): Promise<bigint> => {
    const result = (await db.execute(sql`select pg_current_xact_id()::text as xid`)) as unknown as {
      rows: { xid: string }[];
    };
    return BigInt(result.rows[0]!.xid);
  };
  return async () => {
    let xid = await probe();
    if (last && xid === last.xid + 1n) {
      last.xid = xid;
      return last.value;
    }
    // `take` stands for the moment of the probe after it only when no id was given between.
    for (;;) {
      const value = await take();
      const after = await probe();
      if (after === xid + 1n) {
        last = { value, xid: after };
        return value;
      }
      xid = after;
    }
  };
}
