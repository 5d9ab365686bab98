/**
 * `notificationsPlugin` (decisions.md#console-flows §16): the mails' links start with the app's PUBLIC_URL; starts the
 * scheduler when the app is ready (every NOTIFY_POLL_MS; none when 0, nor with `runLoops: false`,
 * a `web` copy: operations.md 'Roles') and stops it when the app closes, like the mail worker;
 * decorates `app.notifications.runDue(now?)`, one round now (tests).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { linkDeps } from '../../lib/route-kit.js';
import { startPollingWorker, type PollingWorker } from '../../lib/polling-worker.js';
import type { NotificationsConfig } from '../../settings/notifications.js';
import { runDueNotifications } from './service.js';

export interface NotificationsService {
  /** Runs one scheduler round at `now` (default: now); answers the reminders and digests written. */
  runDue(now?: Date): Promise<{ reminders: number; digests: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
  }
}

export interface NotificationsPluginOptions extends NotificationsConfig {
  /** Whether this process runs the scheduler (default true); app.ts decides it from PRACTICA_ROLE. */
  runLoops?: boolean;
}

export const notificationsPlugin = fp(
  async (app: FastifyInstance, options: NotificationsPluginOptions) => {
    const runDue = (now?: Date) =>
      runDueNotifications(linkDeps(app), {
        ...(now ? { now } : {}),
        digestHour: options.digestHour,
        batchSize: options.batchSize,
      });
    app.decorate('notifications', { runDue } satisfies NotificationsService);

    let worker: PollingWorker | null = null;
    app.addHook('onReady', async () => {
      if (options.pollMs <= 0 || options.runLoops === false) return;
      worker = startPollingWorker({
        pollMs: options.pollMs,
        round: async () => {
          const { reminders, digests } = await runDue();
          if (reminders + digests > 0)
            app.log.info({ reminders, digests }, 'notification mails written');
          return reminders + digests;
        },
        onRoundError: (err) => app.log.error({ err }, 'notification round failed'),
      });
    });
    app.addHook('preClose', async () => {
      await worker?.stop();
      worker = null;
    });
  },
  { name: 'notifications', dependencies: ['db'] },
);
