/**
 * The upload volume's ledger (operations.md 'File URLs and upload volume'): the bytes each user's uploads
 * brought into storage and when, whatever became of the files since (stored, refused, cancelled,
 * replaced or deleted). The daily volume sums a user's rows of the last 24 hours (with the declared
 * size of the uploads still pending), so deleting a file frees no room. Rows older than a day
 * count for nothing and are swept; a user's rows go with the user (erasure).
 */
import { bigint, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const uploadLedger = pgTable(
  'upload_ledger',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Bytes received into storage, e.g. a stored file's size or a cancelled upload's offset. */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('upload_ledger_user_idx').on(t.userId, t.receivedAt),
    index('upload_ledger_received_idx').on(t.receivedAt),
  ],
);
