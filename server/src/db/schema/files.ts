/**
 * Uploaded files (000 §7 'Files', decisions.md#files). A row is created by POST /files/upload
 * (status Pending) and becomes Ready when its bytes arrived whole through the signed PUT and
 * passed the size and magic-byte checks. Storage keys are server-made, never user file names.
 * With direct uploads (S3) the presigned PUT names `upload_key`; the server copies what arrived to
 * `storage_key`, which no URL names, and checks and serves only that copy.
 */
import {
  bigint,
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
import { users } from './users.js';

/** File status: 0 pending (no bytes yet), 1 ready. */
export const FileStatus = { Pending: 0, Ready: 1 } as const;

export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    /** Where the file's checked bytes are stored (and served from). */
    storageKey: text('storage_key').notNull(),
    /**
     * Direct uploads (S3) while Pending: the key the presigned PUT names, whose bytes are copied to
     * `storage_key` and checked there; null otherwise (cleared when the file becomes Ready).
     */
    uploadKey: text('upload_key'),
    /** Display name without path parts, as given by the uploader (sanitized). */
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    /** MediaType id of the contract (Image 1, Audio 2, Video 3 …). */
    fileTypeId: smallint('file_type_id').notNull(),
    contentType: text('content_type').notNull(),
    /** Size the uploader declared, in bytes. */
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    /** Size actually stored, in bytes (null until ready). */
    size: bigint('size', { mode: 'number' }),
    status: smallint('status').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organizations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('files_storage_key_key').on(t.storageKey),
    index('files_pending_idx').on(t.status, t.createdAt),
    index('files_created_by_idx').on(t.createdById, t.id),
  ],
);
