/**
 * Webhooks (decisions.md#webhooks): an organization's endpoints are listed, created, changed,
 * deleted and tested by an Admin or a Manager of the organization (`webhook:manage`; another
 * organization's are a 404, as a missing one), and the modules that make a reported change queue
 * its event with `enqueueEvent` in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  integrationMessages,
  webhookEventTypes,
  type Actor,
  type CreatedWebhookEndpoint,
  type PageQuery,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
  type WebhookDeliveryList,
  type WebhookEndpointList,
  type WebhookEventType,
} from '@practica/contract';
import { is, SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { loadOrganizationFor } from '../organizations/index.js';
import { presentDelivery, presentEndpoint } from './presenter.js';
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  deliveriesInsert,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  updateEndpoint,
  type WebhookEndpointRow,
} from './repository.js';
import { encryptSecret, newWebhookSecret } from './sign.js';
import { resolveTarget, WebhookTargetError } from './target.js';
import { sendNow, type WebhookSendOptions } from './worker.js';

/** What the calls need: the database, the key material and the SSRF setting, and a log. */
export type WebhookDeps = WebhookSendOptions;

/** An event a module reports (decisions.md#webhooks §2): its organization, type and small data. */
export interface WebhookEvent {
  organizationId: number;
  type: WebhookEventType;
  /**
   * Ids, timestamps and the spec's field names only; never files or secrets. A value may be SQL
   * read inside the statement that queues the event.
   */
  data: Record<string, unknown>;
}

/** A new event id: `evt_` and 12 random bytes in base64url. */
const newEventId = () => `evt_${randomBytes(12).toString('base64url')}`;

/**
 * SQL of a delivery's JSON body: {id, type, createdAt, organizationId, data}. A value of `data`
 * may be SQL read inside the statement (the new review's id in the review statement).
 */
function payloadSql(
  eventId: string,
  event: { organizationId: number; type: WebhookDeliveryEvent; data: Record<string, unknown> },
): SQL {
  const fields = Object.entries(event.data).map(([key, value]) =>
    is(value, SQL)
      ? sql`${key}::text, ${value}`
      : sql`${key}::text, ${JSON.stringify(value ?? null)}::jsonb`,
  );
  return sql`jsonb_build_object('id', ${eventId}::text, 'type', ${event.type}::text,
    'createdAt', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'organizationId', ${event.organizationId}::int,
    'data', jsonb_build_object(${sql.join(fields, sql`, `)}))`;
}

/**
 * The insert that queues `event` for every active endpoint of its organization that hears it,
 * due now: for a statement that makes the change it reports (a data-modifying `WITH`, e.g.
 * `reviewStatementWrites`); `enqueueEvent` runs it on its own. Returns the delivery ids.
 */
export function eventInsert(db: Db | Tx, event: WebhookEvent) {
  const eventId = newEventId();
  return deliveriesInsert(db, {
    organizationId: event.organizationId,
    event: event.type,
    eventId,
    payload: payloadSql(eventId, event),
  });
}

/**
 * Queues `event` for every active endpoint of its organization that hears it, due now, in `tx`
 * (the transaction of the change it reports, so the event exists exactly when the change
 * committed). One statement; nothing when no endpoint hears it. Answers the delivery ids.
 */
export async function enqueueEvent(db: Db | Tx, event: WebhookEvent): Promise<number[]> {
  const rows = await eventInsert(db, event);
  return rows.map((row) => row.id);
}

/**
 * Who may manage the organization's webhooks (the routes call it before the body is validated):
 * 404 for a missing or another organization, 403 for a role that may not.
 */
export async function authorizeWebhooks(
  db: Db,
  actor: Actor,
  organizationId: number,
): Promise<void> {
  await loadOrganizationFor(db, actor, organizationId, 'webhook:manage');
}

/** The endpoint `endpointId` of the organization, authorized; 404 when missing or another's. */
async function loadEndpoint(
  db: Db,
  actor: Actor,
  organizationId: number,
  endpointId: number,
): Promise<WebhookEndpointRow> {
  await authorizeWebhooks(db, actor, organizationId);
  const row = await findEndpoint(db, organizationId, endpointId);
  if (!row) throw new NotFoundError();
  return row;
}

/** Refuses (400, on `url`) a URL the URL parser refuses, or whose host is unknown or, unless allowed, not public. */
async function checkUrl(url: string, allowPrivate: boolean): Promise<void> {
  // The schema's pattern lets through some strings WHATWG's URL parser refuses ('http://a^b').
  if (!URL.canParse(url)) {
    const message = integrationMessages.webhookUrlInvalid;
    throw new ValidationError(message, [{ path: 'url', message }]);
  }
  try {
    await resolveTarget(new URL(url), allowPrivate);
  } catch (error) {
    if (!(error instanceof WebhookTargetError)) throw error;
    const message =
      error.reason === 'private'
        ? integrationMessages.webhookUrlPrivate
        : integrationMessages.webhookUrlUnresolved;
    throw new ValidationError(message, [{ path: 'url', message }]);
  }
}

/** The events of `events` in the contract's order. */
const ordered = (events: readonly string[]) => webhookEventTypes.filter((e) => events.includes(e));

/** GET /organizations/{id}/webhooks: the organization's endpoints, newest first. */
export async function listWebhooksFor(
  deps: WebhookDeps,
  actor: Actor,
  organizationId: number,
): Promise<WebhookEndpointList> {
  await authorizeWebhooks(deps.db, actor, organizationId);
  const rows = await listEndpoints(deps.db, organizationId);
  return { list: rows.map(presentEndpoint), count: rows.length };
}

/**
 * POST /organizations/{id}/webhooks: checks the URL's host (400 when unknown or not public),
 * makes the endpoint with a new `whsec_` secret stored encrypted, and answers it with the secret,
 * which is never shown again.
 */
export async function createWebhookFor(
  deps: WebhookDeps,
  actor: Actor,
  organizationId: number,
  body: { url: string; events: string[] },
): Promise<CreatedWebhookEndpoint> {
  await authorizeWebhooks(deps.db, actor, organizationId);
  await checkUrl(body.url, deps.allowPrivate);
  const secret = newWebhookSecret();
  const id = await insertEndpoint(deps.db, {
    organizationId,
    url: body.url,
    events: ordered(body.events),
    secretEncrypted: encryptSecret(secret, deps.serverSecret),
    createdById: actor.id,
  });
  const row = await findEndpoint(deps.db, organizationId, id);
  return { ...presentEndpoint(row!), secret };
}

/** PATCH /organizations/{id}/webhooks/{endpointId}: changes url (checked as at create), events, active. */
export async function updateWebhookFor(
  deps: WebhookDeps,
  actor: Actor,
  organizationId: number,
  endpointId: number,
  body: { url?: string | undefined; events?: string[] | undefined; active?: boolean | undefined },
) {
  await loadEndpoint(deps.db, actor, organizationId, endpointId);
  if (body.url !== undefined) await checkUrl(body.url, deps.allowPrivate);
  await updateEndpoint(deps.db, endpointId, {
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.events !== undefined ? { events: ordered(body.events) } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  });
  return presentEndpoint((await findEndpoint(deps.db, organizationId, endpointId))!);
}

/** DELETE /organizations/{id}/webhooks/{endpointId}: the endpoint and its deliveries go. */
export async function deleteWebhookFor(
  deps: WebhookDeps,
  actor: Actor,
  organizationId: number,
  endpointId: number,
): Promise<void> {
  await loadEndpoint(deps.db, actor, organizationId, endpointId);
  await deleteEndpoint(deps.db, endpointId);
}

/** GET …/webhooks/{endpointId}/deliveries: one page of its deliveries, newest first. */
export async function listDeliveriesFor(
  deps: WebhookDeps,
  actor: Actor,
  organizationId: number,
  endpointId: number,
  query: PageQuery,
): Promise<WebhookDeliveryList> {
  await loadEndpoint(deps.db, actor, organizationId, endpointId);
  const { rows, count } = await listDeliveries(deps.db, endpointId, query);
  return { list: rows.map(presentDelivery), count };
}

/**
 * POST …/webhooks/{endpointId}/test: queues a `ping` delivery to the endpoint (active or not),
 * sends it at once and answers it as it stands after that attempt (a failed one stays pending
 * for the worker's retries, like any other).
 */
export async function testWebhookFor(
  deps: WebhookDeps,
  actor: Actor,
  organizationId: number,
  endpointId: number,
): Promise<WebhookDelivery> {
  await loadEndpoint(deps.db, actor, organizationId, endpointId);
  const eventId = newEventId();
  const [queued] = await deliveriesInsert(deps.db, {
    organizationId,
    event: 'ping',
    eventId,
    payload: payloadSql(eventId, { organizationId, type: 'ping', data: { endpointId } }),
    endpointId,
  });
  const deliveryId = queued!.id;
  await sendNow([deliveryId], deps);
  return presentDelivery((await findDelivery(deps.db, deliveryId))!);
}
