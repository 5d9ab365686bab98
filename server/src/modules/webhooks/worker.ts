/**
 * The webhook worker (decisions.md#webhooks §5): sends due deliveries from the durable outbox
 * `webhook_deliveries`, as the mail worker sends mail (lib/polling-worker.ts):
 *
 * - Claiming takes a lease (`claimDueDeliveries`, `FOR UPDATE SKIP LOCKED`), so two server
 *   copies never send one delivery at once and a copy that dies leaves it due again.
 * - One attempt: the target is resolved and checked (target.ts; refused unless public or
 *   WEBHOOKS_ALLOW_PRIVATE), then a POST of the JSON payload, signed (sign.ts), through an agent
 *   that connects only to the checked address, with a 10 s timeout. A 2xx answer is Delivered;
 *   anything else — another status, a redirect (never followed), a timeout, a refused target —
 *   is retried after `webhookRetryDelayMs`, and after `maxAttempts` (8) the delivery is Failed.
 * - The log names the delivery, endpoint, event, status and error; never the secret or payload.
 */
import { Agent, request } from 'undici';
import type { Db } from '../../db/client.js';
import { errorText, startPollingWorker, type PollingWorker } from '../../lib/polling-worker.js';
import {
  claimDueDeliveries,
  markAttemptFailed,
  markDelivered,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './repository.js';
import { decryptSecret, signatureHeader } from './sign.js';
import { pinnedLookup, resolveTarget } from './target.js';

/** The logger calls the worker makes (pino and Fastify's logger fit). */
export interface WebhookWorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What sending needs besides the database: the server secret (of the secrets' key) and the SSRF setting. */
export interface WebhookSendOptions {
  db: Db;
  log: WebhookWorkerLog;
  /** JWT_SECRET, from which the key of the endpoints' secrets is derived. */
  serverSecret: string;
  /** WEBHOOKS_ALLOW_PRIVATE: whether non-public addresses may be reached. */
  allowPrivate: boolean;
  /** Attempts before a delivery is Failed (default 8). */
  maxAttempts?: number;
  /** Timeout of one request, ms (default 10 000). */
  timeoutMs?: number;
  /** How long a claimed delivery is reserved for this worker, ms (default 2 minutes). */
  leaseMs?: number;
}

export interface WebhookWorkerOptions extends WebhookSendOptions {
  /** Poll period in milliseconds; 0: rounds only through `drain()`. */
  pollMs: number;
  /** Deliveries claimed per round (default 20). */
  batchSize?: number;
}

/**
 * Delay before the next attempt after `attempts` failed ones (≥ 1), in ms: 1 minute · 4^(attempts−1),
 * at most 8 hours. Eight attempts span about 22 hours: 1, 4, 16, 64 minutes, 4 h 16, 8 h, 8 h.
 */
export function webhookRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 8 * 3_600_000);
}

/** The user agent of webhook requests. */
const userAgent = 'Practica-Webhooks/1';

/** One POST of `delivery` to its endpoint; answers the outcome (2xx: `error` null). Never throws. */
async function attempt(
  delivery: ClaimedDelivery,
  options: WebhookSendOptions,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let agent: Agent | undefined;
  try {
    const url = new URL(delivery.url);
    const [checked] = await resolveTarget(url, options.allowPrivate);
    agent = new Agent({ connect: { lookup: pinnedLookup(checked!) } });
    const body = JSON.stringify(delivery.payload);
    const secret = decryptSecret(delivery.secretEncrypted, options.serverSecret);
    const timeoutMs = options.timeoutMs ?? 10_000;
    const res = await request(url, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': 'application/json',
        'user-agent': userAgent,
        'practica-event': delivery.event,
        'practica-delivery': String(delivery.id),
        'practica-signature': signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
      },
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body.dump();
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    const redirect = res.statusCode >= 300 && res.statusCode < 400;
    return {
      statusCode: res.statusCode,
      error: ok
        ? null
        : redirect
          ? `HTTP ${res.statusCode}: redirects are not followed`
          : `HTTP ${res.statusCode}`,
      responseTimeMs: elapsed(),
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      statusCode: null,
      error: timedOut ? 'no answer within the timeout' : errorText(error),
      responseTimeMs: elapsed(),
    };
  } finally {
    void agent?.close();
  }
}

/**
 * Sends one claimed delivery and records the outcome: Delivered on a 2xx, otherwise due again
 * after `webhookRetryDelayMs(attempts)` or Failed after the last attempt. Never throws for the
 * receiver's failures; a database error propagates.
 */
export async function sendDelivery(
  delivery: ClaimedDelivery,
  options: WebhookSendOptions,
): Promise<void> {
  const outcome = await attempt(delivery, options);
  const entry = {
    deliveryId: delivery.id,
    endpointId: delivery.endpointId,
    event: delivery.event,
    attempts: delivery.attempts,
    statusCode: outcome.statusCode,
    responseTimeMs: outcome.responseTimeMs,
  };
  if (outcome.error === null) {
    await markDelivered(options.db, delivery.id, outcome);
    options.log.info(entry, 'webhook delivered');
    return;
  }
  const final = delivery.attempts >= (options.maxAttempts ?? 8);
  const retryInMs = webhookRetryDelayMs(delivery.attempts);
  await markAttemptFailed(options.db, delivery.id, outcome, { retryInMs, final });
  if (final)
    options.log.error({ ...entry, err: outcome.error }, 'webhook delivery failed for good');
  else
    options.log.warn(
      { ...entry, err: outcome.error, retryInMs },
      'webhook delivery failed; will retry',
    );
}

/** Claims and sends the deliveries `ids` now if they are due and unclaimed (the console's test). */
export async function sendNow(ids: number[], options: WebhookSendOptions): Promise<void> {
  const claimed = await claimDueDeliveries(options.db, {
    limit: ids.length,
    leaseMs: options.leaseMs ?? 120_000,
    ids,
  });
  await Promise.all(claimed.map((delivery) => sendDelivery(delivery, options)));
}

/** Starts a first round at once, then polls every `pollMs`; the timer does not keep the process alive. */
export function startWebhookWorker(options: WebhookWorkerOptions): PollingWorker {
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;

  async function round(isStopped: () => boolean): Promise<number> {
    let attempted = 0;
    while (!isStopped()) {
      const rows = await claimDueDeliveries(options.db, { limit: batchSize, leaseMs });
      if (rows.length === 0) break;
      // Claimed rows are finished even when stopping, so none waits for its lease to run out.
      await Promise.all(
        rows.map(async (row) => {
          try {
            await sendDelivery(row, options);
          } catch (error) {
            options.log.error(
              { deliveryId: row.id, err: error },
              'could not record the webhook delivery',
            );
          }
        }),
      );
      attempted += rows.length;
    }
    return attempted;
  }

  return startPollingWorker({
    pollMs: options.pollMs,
    round,
    onRoundError: (error) => options.log.error({ err: error }, 'webhook worker round failed'),
  });
}
