/**
 * The mail worker (decisions.md#mail): delivers due outbox rows through the transport with
 * retries and backoff; a mail is never lost by a crash or a restart.
 *
 * - Claiming takes a lease (`claimDueMails`): rows are locked with FOR UPDATE SKIP LOCKED and
 *   moved `leaseMs` ahead in one transaction, so two server copies never send the same mail; a
 *   copy that dies while sending leaves the mail due again when the lease runs out.
 * - A failed attempt is retried after 30 s · 2^(attempts−1), at most 1 hour; after `maxAttempts`
 *   attempts the mail is Failed, with `last_error`.
 * - With no transport (no SMTP_URL) nothing is sent: each new mail is logged once (with its links
 *   outside production) and stays readable at /dev/mailbox.
 */
import type { Db } from '../../db/client.js';
import {
  claimDueMails,
  lastOutboxId,
  mailsAfter,
  markMailFailedAttempt,
  markMailSent,
  type OutboxRow,
} from './repository.js';
import type { MailTransport } from './transport.js';
import { backoffDelayMs, errorText, startPollingWorker } from '../../lib/polling-worker.js';

/** The logger calls the worker makes (pino and Fastify's logger fit). */
export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailWorkerOptions {
  db: Db;
  /** null: no delivery (dev mailbox). */
  transport: MailTransport | null;
  log: WorkerLog;
  /** Poll period in milliseconds. */
  pollMs: number;
  /** The From header. */
  from: string;
  /** Mails claimed per round (default 20). */
  batchSize?: number;
  /** Attempts before a mail is Failed (default 8). */
  maxAttempts?: number;
  /** How long a claimed mail is reserved for this worker, milliseconds (default 5 minutes). */
  leaseMs?: number;
  /** Log the links of undelivered mail (they carry tokens): never in production. */
  logLinks?: boolean;
}

export interface MailWorker {
  /** Delivers everything due now, round after round, and answers how many mails were attempted. */
  drain(): Promise<number>;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/** Delay before the next attempt after `attempts` failed ones (≥ 1), in milliseconds: 30 s · 2^(attempts−1), at most 1 hour. */
export function retryDelayMs(attempts: number): number {
  return backoffDelayMs(attempts);
}

/** The http(s) links of a text body. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
}

function describe(error: unknown): string {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return code ? `${String(code)} ${errorText(error)}` : errorText(error);
}

/** Starts a first round at once, then polls every `pollMs`; the timer does not keep the process alive. */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log, pollMs, from } = options;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 8;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  let lastLoggedId: number | null = null;

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      await transport!.send({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
      });
    } catch (error) {
      const final = row.attempts >= maxAttempts;
      const retryInMs = retryDelayMs(row.attempts);
      await markMailFailedAttempt(db, row.id, { error: describe(error), retryInMs, final });
      const entry = {
        mailId: row.id,
        kind: row.kind,
        attempts: row.attempts,
        err: describe(error),
      };
      if (final) log.error(entry, 'mail delivery failed for good');
      else log.warn({ ...entry, retryInMs }, 'mail delivery failed; will retry');
      return;
    }
    await markMailSent(db, row.id);
    log.info({ mailId: row.id, kind: row.kind }, 'mail sent');
  }

  /** Without a transport: logs each mail queued since the last look, once. */
  async function logUndelivered(): Promise<void> {
    if (lastLoggedId === null) {
      lastLoggedId = await lastOutboxId(db);
      return;
    }
    for (;;) {
      const rows = await mailsAfter(db, lastLoggedId, 100);
      for (const row of rows) {
        lastLoggedId = row.id;
        const mail = {
          id: row.id,
          kind: row.kind,
          to: row.toAddress,
          subject: row.subject,
          ...(options.logLinks ? { links: linksIn(row.textBody) } : {}),
        };
        if (options.logLinks)
          log.info({ mail }, 'mail queued (no SMTP_URL: read it at /dev/mailbox)');
        else log.warn({ mail }, 'mail queued but not sent: SMTP_URL is not set');
      }
      if (rows.length < 100) return;
    }
  }

  async function round(isStopped: () => boolean): Promise<number> {
    if (!transport) {
      await logUndelivered();
      return 0;
    }
    let attempted = 0;
    while (!isStopped()) {
      const rows = await claimDueMails(db, { limit: batchSize, leaseMs });
      if (rows.length === 0) break;
      // Claimed rows are finished even when stopping, so none waits for its lease to run out. The
      // batch goes out together over the transport's pooled connections.
      await Promise.all(
        rows.map(async (row) => {
          try {
            await deliver(row);
          } catch (error) {
            log.error({ mailId: row.id, err: error }, 'could not record the mail delivery');
          }
        }),
      );
      attempted += rows.length;
    }
    return attempted;
  }

  return startPollingWorker({
    pollMs,
    round,
    onRoundError: (error) => log.error({ err: error }, 'mail worker round failed'),
  });
}
