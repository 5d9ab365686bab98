/**
 * Webhooks an organization's systems subscribe to (decisions.md#webhooks, architecture.md
 * 'Webhooks'): endpoints (a URL, the events it hears, a signing secret stored encrypted) and the
 * durable outbox of deliveries, written in the same transaction as the change they report and
 * sent by the webhook worker with retries (claimed with `FOR UPDATE SKIP LOCKED`).
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The contract's `webhookEventTypes` it hears. */
    events: text('events').array().notNull(),
    /** The `whsec_…` signing secret, AES-256-GCM with a key derived from JWT_SECRET (iv.tag.data, base64url). */
    secretEncrypted: text('secret_encrypted').notNull(),
    active: boolean('active').notNull().default(true),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId, t.id)],
);

/** Delivery status: 0 pending, 1 delivered, 2 failed for good (after the last attempt). */
export const WebhookDeliveryStatus = { Pending: 0, Delivered: 1, Failed: 2 } as const;

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** 'answer.submitted', 'review.completed', 'invite.accepted' or 'ping'. */
    event: text('event').notNull(),
    /** The event's id (`evt_…`), the same for every endpoint that hears it. */
    eventId: text('event_id').notNull(),
    /** The JSON body sent: {id, type, createdAt, organizationId, data}. */
    payload: jsonb('payload').notNull(),
    status: smallint('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    responseTimeMs: integer('response_time_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);
