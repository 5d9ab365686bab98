/**
 * The SQL of webhooks (decisions.md#webhooks, tables `webhook_endpoints` and
 * `webhook_deliveries`): endpoints (insert, list, one, update, delete), the deliveries an event
 * queues in its change's transaction, the worker's claim and outcome, and the deliveries page.
 * Times of the queue come from the database clock (`now()`), so several copies agree on what is due.
 */
import { and, asc, desc, eq, getTableName, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { readPage, windowTotal, type Paging } from '../../db/paging.js';
import {
  WebhookDeliveryStatus,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';

/** An endpoint as listed, with its creator's name (null once erased). */
export interface WebhookEndpointRow {
  id: number;
  organizationId: number;
  url: string;
  events: string[];
  active: boolean;
  createdById: number | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  createdAt: Date;
}

const listColumns = {
  id: webhookEndpoints.id,
  organizationId: webhookEndpoints.organizationId,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  createdById: webhookEndpoints.createdById,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  createdAt: webhookEndpoints.createdAt,
};

/** What creating an endpoint stores (the secret encrypted, never in clear). */
export interface NewWebhookEndpoint {
  organizationId: number;
  url: string;
  events: string[];
  secretEncrypted: string;
  createdById: number;
}

/** Inserts an endpoint; answers its id. */
export async function insertEndpoint(db: Db, endpoint: NewWebhookEndpoint): Promise<number> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values(endpoint)
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

/** The organization's endpoints, newest first. */
export function listEndpoints(db: Db, organizationId: number): Promise<WebhookEndpointRow[]> {
  return db
    .select(listColumns)
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdById))
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(desc(webhookEndpoints.id));
}

/** One endpoint of the organization; undefined otherwise. */
export async function findEndpoint(
  db: Db,
  organizationId: number,
  endpointId: number,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdById))
    .where(
      and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organizationId, organizationId)),
    )
    .limit(1);
  return row;
}

/** Changes the given fields of endpoint `endpointId`. */
export async function updateEndpoint(
  db: Db,
  endpointId: number,
  change: { url?: string; events?: string[]; active?: boolean },
): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await db.update(webhookEndpoints).set(change).where(eq(webhookEndpoints.id, endpointId));
}

/** Deletes endpoint `endpointId` and its deliveries (cascade). */
export async function deleteEndpoint(db: Db, endpointId: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
}

/**
 * The insert that queues, due now, one delivery of `payload` (SQL of a jsonb value) for every
 * active endpoint of `organizationId` that hears `event` (`ping`: only `endpointId`, active or
 * not), returning the ids: for the caller's transaction or as a data-modifying `WITH` of a
 * statement that makes the change it reports (the review statement). Runs nothing on its own.
 */
export function deliveriesInsert(
  db: Db | Tx,
  input: {
    organizationId: number;
    event: string;
    eventId: string;
    payload: SQL;
    endpointId?: number;
  },
) {
  const e = webhookEndpoints;
  const d = webhookDeliveries;
  const which =
    input.endpointId === undefined
      ? and(eq(e.active, true), sql`${input.event} = any(${e.events})`)
      : eq(e.id, input.endpointId);
  // An insert-select names every column in the table's order (Drizzle's rule), defaults included.
  const select = db
    .select({
      id: sql<number>`nextval(pg_get_serial_sequence(${getTableName(d)}, ${d.id.name}))`.as('id'),
      endpointId: e.id,
      event: sql<string>`${input.event}::text`.as('event'),
      eventId: sql<string>`${input.eventId}::text`.as('event_id'),
      payload: sql`${input.payload}`.as('payload'),
      status: sql<number>`${WebhookDeliveryStatus.Pending}::smallint`.as('status'),
      attempts: sql<number>`0`.as('attempts'),
      nextAttemptAt: sql<Date>`now()`.as('next_attempt_at'),
      lastStatusCode: sql<number | null>`null::integer`.as('last_status_code'),
      lastError: sql<string | null>`null::text`.as('last_error'),
      responseTimeMs: sql<number | null>`null::integer`.as('response_time_ms'),
      createdAt: sql<Date>`now()`.as('created_at'),
      deliveredAt: sql<Date | null>`null::timestamptz`.as('delivered_at'),
    })
    .from(e)
    .where(and(eq(e.organizationId, input.organizationId), which));
  return db.insert(d).select(select).returning({ id: d.id });
}

/** A claimed delivery with what sending it needs: the endpoint's URL and encrypted secret. */
export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  event: string;
  eventId: string;
  payload: unknown;
  attempts: number;
  url: string;
  secretEncrypted: string;
}

/** `now() + ms` as SQL (ms: whole milliseconds). */
const nowPlus = (ms: number) => sql`now() + (${Math.round(ms)}::bigint * interval '1 millisecond')`;

/**
 * Claims up to `limit` due Pending deliveries (only `ids` when given): in one transaction,
 * `SELECT … FOR UPDATE SKIP LOCKED`, then moves their next attempt `leaseMs` ms ahead and counts
 * the attempt, so another copy skips them and a crashed one's are due again when the lease ends.
 */
export async function claimDueDeliveries(
  db: Db,
  { limit, leaseMs, ids }: { limit: number; leaseMs: number; ids?: number[] },
): Promise<ClaimedDelivery[]> {
  const d = webhookDeliveries;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: d.id })
      .from(d)
      .where(
        and(
          eq(d.status, WebhookDeliveryStatus.Pending),
          lte(d.nextAttemptAt, sql`now()`),
          ids ? inArray(d.id, ids) : undefined,
        ),
      )
      .orderBy(asc(d.nextAttemptAt), asc(d.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(d)
      .set({ attempts: sql`${d.attempts} + 1`, nextAttemptAt: nowPlus(leaseMs) })
      .where(
        inArray(
          d.id,
          due.map((row) => row.id),
        ),
      )
      .returning({ id: d.id });
    return tx
      .select({
        id: d.id,
        endpointId: d.endpointId,
        event: d.event,
        eventId: d.eventId,
        payload: d.payload,
        attempts: d.attempts,
        url: webhookEndpoints.url,
        secretEncrypted: webhookEndpoints.secretEncrypted,
      })
      .from(d)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
      .where(
        inArray(
          d.id,
          claimed.map((row) => row.id),
        ),
      )
      .orderBy(asc(d.id));
  });
}

/** What one attempt gave: the HTTP status (null: no answer), the error, the time in ms. */
export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  responseTimeMs: number | null;
}

/** Marks a delivery Delivered now, with its last attempt's outcome. */
export async function markDelivered(db: Db, id: number, outcome: AttemptOutcome): Promise<void> {
  const d = webhookDeliveries;
  await db
    .update(d)
    .set({
      status: WebhookDeliveryStatus.Delivered,
      deliveredAt: sql`now()`,
      lastStatusCode: outcome.statusCode,
      lastError: null,
      responseTimeMs: outcome.responseTimeMs,
    })
    .where(and(eq(d.id, id), eq(d.status, WebhookDeliveryStatus.Pending)));
}

/** Records a failed attempt: due again after `retryInMs` ms, or Failed for good when `final`. */
export async function markAttemptFailed(
  db: Db,
  id: number,
  outcome: AttemptOutcome,
  { retryInMs, final }: { retryInMs: number; final: boolean },
): Promise<void> {
  const d = webhookDeliveries;
  await db
    .update(d)
    .set({
      status: final ? WebhookDeliveryStatus.Failed : WebhookDeliveryStatus.Pending,
      nextAttemptAt: nowPlus(final ? 0 : retryInMs),
      lastStatusCode: outcome.statusCode,
      lastError: (outcome.error ?? '').slice(0, 1000) || null,
      responseTimeMs: outcome.responseTimeMs,
    })
    .where(and(eq(d.id, id), eq(d.status, WebhookDeliveryStatus.Pending)));
}

export type WebhookDeliveryRow = Omit<typeof webhookDeliveries.$inferSelect, 'payload'>;

/** The columns of a delivery as shown (its payload is never read back for the console). */
const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  event: webhookDeliveries.event,
  eventId: webhookDeliveries.eventId,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  responseTimeMs: webhookDeliveries.responseTimeMs,
  createdAt: webhookDeliveries.createdAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};

/** One page of the endpoint's deliveries, newest first, and their total. */
export async function listDeliveries(
  db: Db,
  endpointId: number,
  paging: Paging,
): Promise<{ rows: WebhookDeliveryRow[]; count: number }> {
  return readPage(paging, ({ limit, offset }) =>
    db
      .select({ ...deliveryColumns, total: windowTotal() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset),
  );
}

/** One delivery by id; undefined when there is none. */
export async function findDelivery(
  db: Db,
  deliveryId: number,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  return row;
}
