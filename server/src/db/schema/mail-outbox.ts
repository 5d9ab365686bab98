/**
 * The mail outbox (decisions.md#mail): every email is written here in the same transaction as
 * the change that causes it; a worker delivers it with retries and backoff. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED` so several server copies deliver each mail once.
 */
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Outbox status: 0 pending, 1 sent, 2 failed for good (after the last retry). */
export const MailStatus = { Pending: 0, Sent: 1, Failed: 2 } as const;

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** What caused it: 'password-reset', 'email-change', 'email-change-notice', 'invite' … */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: smallint('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
