/**
 * Avatars and environments (001 §2 'Avatars and environments', §3 'Asset'): shared images an
 * admin manages. `organizationId` null = general; general assets reach an organization when the
 * admin adds them (`asset_organizations`, PUT /assets/{id}/add/{organizationId}).
 */
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { files } from './files.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    /** Avatar name or environment title. */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** AssetType: Avatar 1, Environment 2. */
    assetTypeId: smallint('asset_type_id').notNull(),
    imageId: integer('image_id').references(() => files.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organizations.id),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assets_type_idx').on(t.assetTypeId, t.id),
    index('assets_org_idx').on(t.organizationId, t.assetTypeId),
    index('assets_image_idx').on(t.imageId),
  ],
);

export const assetOrganizations = pgTable(
  'asset_organizations',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.organizationId] }),
    index('asset_organizations_org_idx').on(t.organizationId, t.assetId),
  ],
);
