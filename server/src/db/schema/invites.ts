/**
 * Invites (000 §2.7, §3 'Invite', decisions.md): a person is invited with a role (never Admin)
 * into an organization and optionally a group; single use; expires after 7 days (re-send renews).
 * The emailed token is stored only as a hash; `invite_links` holds every live link's hash so a
 * re-sent or copied link works alongside the first one.
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
import { groups } from './groups.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    roleId: smallint('role_id').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    expirationDate: timestamp('expiration_date', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invites_org_pending_idx').on(t.organizationId, t.acceptedAt, t.expirationDate),
    index('invites_email_idx').on(t.email),
  ],
);

export const inviteLinks = pgTable(
  'invite_links',
  {
    id: serial('id').primaryKey(),
    inviteId: integer('invite_id')
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invite_links_hash_key').on(t.tokenHash),
    index('invite_links_invite_idx').on(t.inviteId),
  ],
);
