/**
 * Emailed single-use tokens for password reset and email change (decisions.md#sessions-and-tokens): 256-bit random, stored only as a SHA-256 hash, with an expiry and a use time.
 */
import {
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Token purposes: 1 password reset (1 hour), 2 email change (24 hours). */
export const TokenPurpose = { PasswordReset: 1, EmailChange: 2 } as const;

export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: smallint('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address an email change moves to (purpose 2). */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_key').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
