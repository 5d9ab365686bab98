/**
 * Webhooks on the wire (decisions.md#webhooks): rows to the contract's `WebhookEndpoint` (never
 * the secret; the create answer adds it once) and `WebhookDelivery`. Times are ISO 8601.
 */
import {
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@practica/contract';
import { WebhookDeliveryStatus as Status } from '../../db/schema/index.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './repository.js';
import { personName } from '../../lib/person-name.js';

/** One endpoint as listed. */
export function presentEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    createdBy:
      row.createdById === null
        ? null
        : {
            id: row.createdById,
            name: personName(row.creatorFirstName, row.creatorLastName),
          },
    createdAt: row.createdAt.toISOString(),
  };
}

const statusNames: Record<number, WebhookDeliveryStatus> = {
  [Status.Pending]: 'pending',
  [Status.Delivered]: 'delivered',
  [Status.Failed]: 'failed',
};

/** One delivery: its status by name, and the next attempt only while it is pending. */
export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  const status = statusNames[row.status] ?? 'pending';
  return {
    id: row.id,
    event: row.event,
    eventId: row.eventId,
    status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    responseTimeMs: row.responseTimeMs,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
