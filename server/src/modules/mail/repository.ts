/**
 * Outbox queries of the mail worker and the dev mailbox (decisions.md#mail). Times come from
 * the database clock (`now()`), so several server copies agree on what is due.
 */
import { and, asc, desc, eq, gt, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { MailStatus, mailOutbox } from '../../db/schema/index.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** `now() + ms` as SQL (ms: whole milliseconds). */
const nowPlus = (ms: number) => sql`now() + (${Math.round(ms)}::bigint * interval '1 millisecond')`;

/**
 * Claims up to `limit` due Pending mails: in one transaction, `SELECT … FOR UPDATE SKIP LOCKED`
 * then moves their next attempt `leaseMs` milliseconds ahead and counts the attempt. Another
 * copy skips them while they are being sent; if this process dies before marking them, the
 * lease runs out and they are due again. Answers the claimed rows (attempts already counted).
 */
export async function claimDueMails(
  db: Db,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.status, MailStatus.Pending), lte(mailOutbox.nextAttemptAt, sql`now()`)),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: nowPlus(leaseMs) })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  });
}

/**
 * The emailed token of a link (`…?token=…`, `/invite-registration/…`) replaced by a marker: once a
 * mail is delivered its copy in the outbox carries no usable token (decisions.md#sessions-and-tokens: emailed tokens are stored only as hashes).
 */
const withoutTokens = (body: typeof mailOutbox.textBody | typeof mailOutbox.htmlBody) =>
  sql`regexp_replace(${body}, ${'(token=|/invite-registration/)[A-Za-z0-9_%-]+'}, ${'\\1[delivered]'}, 'g')`;

/** Marks a mail Sent now, scrubbing the tokens of its links. */
export async function markMailSent(db: Db, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: MailStatus.Sent,
      sentAt: sql`now()`,
      lastError: null,
      textBody: withoutTokens(mailOutbox.textBody),
      htmlBody: withoutTokens(mailOutbox.htmlBody),
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, MailStatus.Pending)));
}

/**
 * Records a failed attempt: the mail is due again after `retryInMs` milliseconds, or Failed for
 * good when `final`. `error` is kept (truncated) as `last_error`.
 */
export async function markMailFailedAttempt(
  db: Db,
  id: number,
  { error, retryInMs, final }: { error: string; retryInMs: number; final: boolean },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: final ? MailStatus.Failed : MailStatus.Pending,
      nextAttemptAt: nowPlus(final ? 0 : retryInMs),
      lastError: error.slice(0, 1000),
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, MailStatus.Pending)));
}

/** The highest outbox id (0 when empty). */
export async function lastOutboxId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(mailOutbox.id) }).from(mailOutbox);
  return row?.id ?? 0;
}

/** Mails with an id above `afterId`, oldest first, at most `limit`. */
export async function mailsAfter(db: Db, afterId: number, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(gt(mailOutbox.id, afterId))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
}

/** The outbox newest first (dev mailbox), optionally only mails to `to` (exact, case-insensitive). */
export async function listOutbox(
  db: Db,
  { to, limit }: { to?: string | undefined; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? sql`lower(${mailOutbox.toAddress}) = ${to.toLowerCase()}` : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
