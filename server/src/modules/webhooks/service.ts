/**
 * Webhooks (decisions.md#webhooks): an organization's endpoints are listed, created, changed,
 * deleted and tested by an Admin or a Manager of the organization (`webhook:manage`; another
 * organization's are a 404, as a missing one), and the modules that make a reported change queue
 * its event with `enqueueEvent` in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  messages,
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
import type { Db, Tx } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { loadOrganizationFor } from '../organizations/index.js';
import { presentDelivery, presentEndpoint } from './presenter.js';
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDeliveries,
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
  /** Ids, timestamps and the spec's field names only; never files or secrets. */
  data: Record<string, unknown>;
}

/** The JSON body of a delivery. */
function payloadOf(event: {
  organizationId: number;
  type: WebhookDeliveryEvent;
  data: Record<string, unknown>;
}) {
  const id = `evt_${randomBytes(12).toString('base64url')}`;
  return {
    id,
    body: JSON.stringify({
      id,
      type: event.type,
      createdAt: new Date().toISOString(),
      organizationId: event.organizationId,
      data: event.data,
    }),
  };
}

/**
 * Queues `event` for every active endpoint of its organization that hears it, due now, in `tx`
 * (the transaction of the change it reports, so the event exists exactly when the change
 * committed). One statement; nothing when no endpoint hears it. Answers the delivery ids.
 */
export async function enqueueEvent(db: Db | Tx, event: WebhookEvent): Promise<number[]> {
  const { id, body } = payloadOf(event);
  return insertDeliveries(db, {
    organizationId: event.organizationId,
    event: event.type,
    eventId: id,
    payload: body,
  });
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

/** Refuses (400, on `url`) a URL whose host is unknown or, unless allowed, not public. */
async function checkUrl(url: string, allowPrivate: boolean): Promise<void> {
  try {
    await resolveTarget(new URL(url), allowPrivate);
  } catch (error) {
    if (!(error instanceof WebhookTargetError)) throw error;
    const message =
      error.reason === 'private' ? messages.webhookUrlPrivate : messages.webhookUrlUnresolved;
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
  const { id, body } = payloadOf({
    organizationId,
    type: 'ping',
    data: { endpointId },
  });
  const [deliveryId] = await insertDeliveries(deps.db, {
    organizationId,
    event: 'ping',
    eventId: id,
    payload: body,
    endpointId,
  });
  await sendNow([deliveryId!], deps);
  return presentDelivery((await findDelivery(deps.db, deliveryId!))!);
}
