/**
 * How far behind the background queues are, read by `/metrics` at scrape time (operations.md
 * 'Metrics'): one cheap statement per queue over its due index, tables named by their Drizzle
 * objects. The queues are the media jobs (modules/media), the mail outbox (modules/mail) and the
 * storage removals (modules/files/deletions.ts); each is claimed by `next_attempt_at`, which a
 * claim moves ahead as a lease, so a job being worked on is pending but not due.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { executeRows } from './sql-helpers.js';
import { JobStatus, MailStatus, mailOutbox, mediaJobs, storageDeletions } from './schema/index.js';

/** One queue's backlog at the database's `now()`. */
export interface QueueBacklog {
  /** Items not finished: due now, waiting for a retry, or being worked on (leased). */
  depth: number;
  /** Items due now that no worker has claimed. */
  due: number;
  /** Seconds the item due longest has waited for a worker since it fell due; 0 when none is due. */
  oldestDueSeconds: number;
}

/** The queues `queueBacklogs` reads, as their metric label. */
export type QueueName = 'media_jobs' | 'mail_outbox' | 'storage_deletions';

/** The backlog of `table`, whose unfinished rows match `pending` (all rows when undefined). */
async function backlogOf(
  db: Db,
  table: PgTable,
  dueAt: AnyPgColumn,
  pending: SQL | undefined,
): Promise<QueueBacklog> {
  const isDue = sql`${dueAt} <= now()`;
  const [row] = await executeRows<{ depth: number; due: number; oldest: number }>(
    db,
    sql`select count(*)::int as depth,
          (count(*) filter (where ${isDue}))::int as due,
          coalesce(extract(epoch from now() - min(${dueAt}) filter (where ${isDue})), 0)::float8 as oldest
        from ${table}${pending ? sql` where ${pending}` : sql``}`,
  );
  return {
    depth: Number(row?.depth ?? 0),
    due: Number(row?.due ?? 0),
    oldestDueSeconds: Math.max(0, Number(row?.oldest ?? 0)),
  };
}

/**
 * The backlog of each background queue: three statements, run one after the other (a scrape
 * takes one pool connection at a time). Throws what the database throws.
 */
export async function queueBacklogs(db: Db): Promise<Record<QueueName, QueueBacklog>> {
  return {
    media_jobs: await backlogOf(
      db,
      mediaJobs,
      mediaJobs.nextAttemptAt,
      eq(mediaJobs.status, JobStatus.Pending),
    ),
    mail_outbox: await backlogOf(
      db,
      mailOutbox,
      mailOutbox.nextAttemptAt,
      eq(mailOutbox.status, MailStatus.Pending),
    ),
    // A removal's row is deleted once its bytes are gone: every row is pending.
    storage_deletions: await backlogOf(
      db,
      storageDeletions,
      storageDeletions.nextAttemptAt,
      undefined,
    ),
  };
}
