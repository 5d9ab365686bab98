/**
 * Users of every role (000 §3 'User'). Emails are stored lower-cased and unique.
 * `tokenVersion` is carried in session tokens: bumping it (password change, deactivation,
 * deletion, organization deactivation) makes every older token answer 401 (decisions.md#sessions-and-tokens).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    roleId: smallint('role_id').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id),
    creator: boolean('creator').notNull().default(false),
    active: boolean('active').notNull().default(true),
    imageId: integer('image_id'),
    tokenVersion: integer('token_version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The directory's id of a user provisioned over SCIM (its `externalId`, decisions.md#scim), or null. */
    scimExternalId: text('scim_external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What a user search matches (modules/users/list-repository.ts): "first last<LF>email", lower-
     * cased once on write, so a search is a plain LIKE (x ILIKE p is lower(x) LIKE lower(p) in a
     * UTF-8 database) instead of case-folding every scanned row again.
     */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(sql`lower("first_name" || ' ' || "last_name" || chr(10) || "email")`),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Counts of an organization's members by role (active, not deleted, creators) read this
    // index alone: the flags are trailing key columns (Drizzle has no INCLUDE).
    index('users_org_role_idx').on(
      t.organizationId,
      t.roleId,
      t.id,
      t.deletedAt,
      t.active,
      t.creator,
    ),
    // The user lists (by last name, first name, id; filters on role, deletion and the search key)
    // of one organization, then of everyone: a page and its total come from the index alone,
    // whatever the depth of the page (bench/README.md).
    index('users_org_list_idx').on(
      t.organizationId,
      t.lastName,
      t.firstName,
      t.id,
      t.roleId,
      t.deletedAt,
      t.searchKey,
    ),
    // The few soft-deleted users: counts leave their rows out with one hashed lookup per
    // statement instead of reading every counted user.
    index('users_deleted_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
    index('users_list_idx').on(
      t.lastName,
      t.firstName,
      t.id,
      t.organizationId,
      t.roleId,
      t.deletedAt,
      t.searchKey,
    ),
    // A search whose text holds a trigram (pg_trgm, with btree_gin for the organization) reads
    // only the candidate rows of its organization instead of every member: the planner picks it
    // over the list indexes when the text is rare. No pending list (fastupdate): PGlite has no
    // autovacuum to flush it, and every search would scan it.
    index('users_search_idx')
      .using('gin', t.organizationId, t.searchKey.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);
