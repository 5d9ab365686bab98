/**
 * Notification mails (decisions.md#console-flows §16): the kinds a user turned off, and the mails already sent for a
 * subject so that several server copies send each reminder or digest once. A mail itself goes
 * through `mail_outbox`; `notifications_sent` is inserted in the same statement with
 * `ON CONFLICT DO NOTHING`, and the mail only when that insert returned a row.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One row per (user, kind) the user turned off in Settings; no row = the kind is on. */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A notification kind, e.g. 'assignment-added', 'due-reminder', 'review-digest'. */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Sent scheduled notifications: (kind, user, subject) is unique, e.g. ('due-reminder', trainee,
 * 'assignment:42') or ('review-digest', reviewer, '2026-11-26').
 */
export const notificationsSent = pgTable(
  'notifications_sent',
  {
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectKey: text('subject_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.userId, t.subjectKey] }),
    index('notifications_sent_user_idx').on(t.userId, t.kind, t.sentAt),
  ],
);
