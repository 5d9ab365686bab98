/**
 * `metricsPlugin` (operations.md 'Metrics'): `GET /metrics` in Prometheus' text format, on this
 * app's own registry (instruments.ts), for every role — a `worker` copy answers it beside its
 * probes. It records:
 *
 * - every answered request (an `onResponse` hook on the root, so every route and the 404 handler):
 *   count by method, route pattern and status class, and latency by method and route pattern;
 * - the database pool (PostgreSQL) and the background queues' backlog (db/queue-backlog.ts), both
 *   read when scraped;
 * - each media job attempt this app's worker ends (`app.media.onJobDone`), by path and outcome.
 *
 * Who may read it: access.ts. Not in the OpenAPI document. Decorates `app.metrics = { registry }`.
 * Register at the root, after the `db` decorators; the media plugin may come before or after.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { queueBacklogs } from '../../db/queue-backlog.js';
import type { MetricsConfig } from '../../settings/metrics.js';
import { checkMetricsAccess } from './access.js';
import { createInstruments, unmatchedRoute } from './instruments.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics registry (modules/metrics). */
    metrics: { registry: Registry };
  }
}

export interface MetricsPluginOptions extends MetricsConfig {
  /** NODE_ENV=production: only `Authorization: Bearer <METRICS_TOKEN>` reads `/metrics`. */
  production: boolean;
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsPluginOptions) => {
    const database = app.database;
    const instruments = createInstruments(database.poolStats() ? () => database.poolStats() : null);
    app.decorate('metrics', { registry: instruments.registry });

    app.addHook('onResponse', (request, reply, done) => {
      instruments.recordRequest(
        request.method,
        request.routeOptions.url ?? unmatchedRoute,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.addHook('onReady', async () => {
      if (app.hasDecorator('media'))
        app.media.onJobDone((job) =>
          instruments.recordMediaJob(job.path, job.outcome, job.seconds),
        );
    });

    app.get(
      '/metrics',
      {
        schema: { hide: true },
        onRequest: async (request) => checkMetricsAccess(request, options),
      },
      async (request, reply) => {
        try {
          instruments.setQueues(await queueBacklogs(app.db));
        } catch (err) {
          request.log.warn({ err }, 'metrics: the queue backlogs could not be read');
          instruments.setQueues(null);
        }
        reply.header('cache-control', 'no-store').type(instruments.registry.contentType);
        return instruments.registry.metrics();
      },
    );
  },
  { name: 'metrics', dependencies: ['db'] },
);
