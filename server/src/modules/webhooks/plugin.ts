/**
 * `webhooksPlugin` (decisions.md#webhooks §5): decorates `app.webhooks` — `deps` (what the
 * calls and the worker need: the database, JWT_SECRET for the secrets' key, WEBHOOKS_ALLOW_PRIVATE,
 * the log) and `drain()`, one worker round now (tests) — and starts the worker when the app is
 * ready (every WEBHOOKS_POLL_MS; none when 0, nor with `runLoops: false`, a `web` copy:
 * operations.md 'Roles'), stopping it when the app closes, like the mail worker.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PollingWorker } from '../../lib/polling-worker.js';
import type { WebhooksConfig } from '../../settings/webhooks.js';
import type { WebhookDeps } from './service.js';
import { startWebhookWorker } from './worker.js';

export interface WebhooksService {
  /** What the webhook calls and the worker need. */
  deps: WebhookDeps;
  /** Sends every delivery due now, round after round; answers how many were attempted. */
  drain(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhooksService;
  }
}

export interface WebhooksPluginOptions extends WebhooksConfig {
  /** Whether this process runs the worker (default true); app.ts decides it from PRACTICA_ROLE. */
  runLoops?: boolean;
}

export const webhooksPlugin = fp(
  async (app: FastifyInstance, options: WebhooksPluginOptions) => {
    const deps: WebhookDeps = {
      db: app.db,
      log: app.log,
      serverSecret: app.config.jwtSecret,
      allowPrivate: options.allowPrivate,
    };
    // drain() works in every role (tests, a one-off round); only the timer depends on runLoops.
    const manual = startWebhookWorker({ ...deps, pollMs: 0 });
    let worker: PollingWorker | null = null;
    app.decorate('webhooks', { deps, drain: () => manual.drain() } satisfies WebhooksService);

    app.addHook('onReady', async () => {
      if (options.pollMs <= 0 || options.runLoops === false) return;
      worker = startWebhookWorker({ ...deps, pollMs: options.pollMs });
    });
    app.addHook('preClose', async () => {
      await Promise.all([worker?.stop(), manual.stop()]);
      worker = null;
    });
  },
  { name: 'webhooks', dependencies: ['db'] },
);
