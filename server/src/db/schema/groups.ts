/**
 * Groups of an organization's members (000 §2.6, §3 'Group'): trainees and instructors; a user
 * belongs to any number of groups of its own organization.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The directory's `externalId` of a group provisioned over SCIM (decisions.md#scim), or null. */
    scimExternalId: text('scim_external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An organization's groups in list order (name ignoring case, then id), and their count.
    index('groups_org_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId, t.groupId),
  ],
);
