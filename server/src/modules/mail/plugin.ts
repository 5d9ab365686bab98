/**
 * `mailPlugin` (decisions.md#mail): starts the outbox worker when the app is ready (unless
 * `runLoops` is false: a `web` copy only writes the outbox, a worker copy delivers it;
 * operations.md 'Roles') and stops it when the app closes; registers the dev mailbox outside
 * production when no SMTP_URL is set, for loopback clients unless DEV_MAILBOX says otherwise
 * (`devMailboxAccess`); decorates `app.mail = { enqueue(db|tx, mail), drain() }`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../../db/client.js';
import { devMailboxAccess, type MailConfig } from './config.js';
import { devMailboxRoutes } from './mailbox.js';
import { enqueueMail, type OutgoingMail } from './outbox.js';
import { createSmtpTransport, type MailTransport } from './transport.js';
import { startMailWorker, type MailWorker } from './worker.js';

export interface MailService {
  /** Writes `mail` to the outbox inside `db` (pass the transaction of the change causing it). Answers the outbox id. */
  enqueue(db: Db | Tx, mail: OutgoingMail): Promise<number>;
  /** Delivers every mail due now (tests); answers how many were attempted. */
  drain(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

export interface MailPluginOptions extends MailConfig {
  /** Whether this process delivers the outbox (default true); app.ts decides it from PRACTICA_ROLE. */
  runLoops?: boolean;
  /** A transport to use instead of the one made from `smtpUrl` (tests); null sends nothing. */
  transport?: MailTransport | null;
  /** Claim lease in milliseconds (default 5 minutes). */
  leaseMs?: number;
}

export const mailPlugin = fp(
  async (app: FastifyInstance, options: MailPluginOptions) => {
    const production = app.config.env === 'production';
    const mailbox = devMailboxAccess(production, options);
    const transport =
      options.transport !== undefined ? options.transport : createSmtpTransport(options);
    let worker: MailWorker | null = null;

    app.decorate('mail', {
      enqueue: enqueueMail,
      drain: async () => (worker ? worker.drain() : 0),
    } satisfies MailService);

    app.addHook('onReady', async () => {
      if (!transport) {
        const where = {
          off: 'they stay in the outbox',
          loopback: 'read them at /dev/mailbox from this machine',
          everyone: 'read them at /dev/mailbox, open to every client: DEV_MAILBOX=true',
        }[mailbox];
        app.log.warn(`SMTP_URL is not set: emails are not delivered (${where}).`);
      }
      if (options.runLoops === false) return;
      worker = startMailWorker({
        db: app.db,
        transport,
        log: app.log,
        pollMs: options.pollMs,
        from: options.from,
        batchSize: options.batchSize,
        maxAttempts: options.maxAttempts,
        ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
        logLinks: !production,
      });
    });
    app.addHook('preClose', async () => {
      await worker?.stop();
      worker = null;
      transport?.close();
    });

    if (mailbox !== 'off')
      await app.register(devMailboxRoutes, { loopbackOnly: mailbox === 'loopback' });
  },
  { name: 'mail', dependencies: ['db'] },
);
