/**
 * Durable background work on stored media (decisions.md#media), claimed like the mail outbox: due rows are
 * locked with FOR UPDATE SKIP LOCKED and leased by moving `next_attempt_at` ahead, so several
 * server copies never run one job twice and a copy that dies leaves its job due again.
 *
 * - `media_jobs`: probe, transcode to H.264/AAC MP4 and make the poster of an answer item's video.
 * - `storage_deletions`: bytes to remove from the store, written in the transaction that deleted
 *   their file rows, so a crash between the commit and the removal loses nothing.
 */
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { answerItems } from './answers.js';

/** Job status: 0 pending (due at `next_attempt_at`), 1 done, 2 failed for good. */
export const JobStatus = { Pending: 0, Done: 1, Failed: 2 } as const;

export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: serial('id').primaryKey(),
    answerItemId: integer('answer_item_id')
      .notNull()
      .references(() => answerItems.id, { onDelete: 'cascade' }),
    /** The file the job works from (the item's uploaded original at the time it was queued). */
    sourceFileId: integer('source_file_id').notNull(),
    status: smallint('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('media_jobs_due_idx').on(t.status, t.nextAttemptAt),
    index('media_jobs_item_idx').on(t.answerItemId),
  ],
);

export const storageDeletions = pgTable(
  'storage_deletions',
  {
    id: serial('id').primaryKey(),
    storageKey: text('storage_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_deletions_due_idx').on(t.nextAttemptAt)],
);
