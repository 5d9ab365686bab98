/**
 * Locks of the trainees' resumable uploads (modules/me/upload-locker.ts), kept in the database so
 * that two requests for one upload landing on two copies of the server are serialized, as tus
 * asks: one row per locked upload, held by one request until it unlocks or its lease ends (a
 * killed copy's lock ends with its lease). UNLOGGED on PostgreSQL (migration 0017): a crash
 * forgets the locks, which every request of the crash lost anyway.
 */
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const uploadLocks = pgTable('upload_locks', {
  /** The tus upload id. */
  uploadId: text('upload_id').primaryKey(),
  /** A random id of the request holding the lock. */
  holder: text('holder').notNull(),
  /** When the lease ends unless the holder renews it, by the database's clock. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Another request waits for the lock and asks the holder to let go (tus's requestRelease). */
  releaseRequested: boolean('release_requested').notNull().default(false),
});
