/**
 * API tokens an organization's own systems call the API with (architecture.md 'API tokens',
 * decisions.md#api-tokens): `pra_` and 32 random bytes, stored only as a SHA-256 hash with a short
 * prefix for display; scoped, revocable, with an optional expiry and the time of last use.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The contract's `apiTokenScopes` it was given. */
    scopes: text('scopes').array().notNull(),
    /** Hex SHA-256 of the whole token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters ('pra_' and 6 more), shown to tell tokens apart. */
    prefix: text('prefix').notNull(),
    /** Whose rights bound the token's at every use; a token dies with its creator. */
    createdById: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_organization_idx').on(t.organizationId, t.id),
  ],
);
