/**
 * The SQL of the resumable uploads' locks (`upload_locks`, see upload-locker.ts): take a free or
 * expired lock, renew it, ask its holder to let go, and give it back. Every time is the
 * database's clock, so copies whose clocks differ agree on when a lease ends.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploadLocks } from '../../db/schema/index.js';

/** `now()` plus `ms` milliseconds, by the database's clock. */
const inMs = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Takes the lock of upload `uploadId` for `holder` with a lease of `leaseMs` when no one holds it
 * or the holder's lease ended; answers whether it was taken. One statement.
 */
export async function takeUploadLock(
  db: Db,
  uploadId: string,
  holder: string,
  leaseMs: number,
): Promise<boolean> {
  const taken = await db
    .insert(uploadLocks)
    .values({ uploadId, holder, expiresAt: inMs(leaseMs), releaseRequested: false })
    .onConflictDoUpdate({
      target: uploadLocks.uploadId,
      set: { holder, expiresAt: inMs(leaseMs), releaseRequested: false },
      where: lt(uploadLocks.expiresAt, sql`now()`),
    })
    .returning({ holder: uploadLocks.holder });
  return taken.length === 1;
}

/**
 * Extends `holder`'s lease of upload `uploadId` to `leaseMs` from now. Answers `lost` when the
 * holder no longer has the lock (its lease ended and another took it), else whether a waiting
 * request asked it to let go.
 */
export async function renewUploadLock(
  db: Db,
  uploadId: string,
  holder: string,
  leaseMs: number,
): Promise<'held' | 'release-requested' | 'lost'> {
  const [row] = await db
    .update(uploadLocks)
    .set({ expiresAt: inMs(leaseMs) })
    .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)))
    .returning({ releaseRequested: uploadLocks.releaseRequested });
  if (!row) return 'lost';
  return row.releaseRequested ? 'release-requested' : 'held';
}

/** Asks whoever holds the lock of upload `uploadId` to let go (they see it when they renew). */
export async function requestUploadLockRelease(db: Db, uploadId: string): Promise<void> {
  await db
    .update(uploadLocks)
    .set({ releaseRequested: true })
    .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.releaseRequested, false)));
}

/** Gives back `holder`'s lock of upload `uploadId` (nothing when it no longer holds it). */
export async function giveUploadLockBack(db: Db, uploadId: string, holder: string): Promise<void> {
  await db
    .delete(uploadLocks)
    .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)));
}

/** Removes the locks whose lease ended (left by killed copies); answers how many. */
export async function sweepExpiredUploadLocks(db: Db): Promise<number> {
  const gone = await db
    .delete(uploadLocks)
    .where(lt(uploadLocks.expiresAt, sql`now()`))
    .returning({ uploadId: uploadLocks.uploadId });
  return gone.length;
}
