/**
 * The app's metrics on its own prom-client `Registry` (operations.md 'Metrics' lists each name,
 * its labels and what to alert on). Nothing here is a module global: `createInstruments` makes a
 * new registry and new instruments for each app, so apps built in one process (the tests) count
 * apart (architecture.md 'Rules with one door each', app-scoped state).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../../db/client.js';
import type { QueueBacklog, QueueName } from '../../db/queue-backlog.js';

/** Latency buckets of an HTTP request, seconds: 5 ms to 10 s. */
export const httpSecondsBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Duration buckets of a media job attempt, seconds: half a second (a copy) to 20 minutes. */
export const mediaJobSecondsBuckets = [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600, 1200];

/** The route label of a request that matched no route (the 404 handler, the console's fallback). */
export const unmatchedRoute = 'unmatched';

/** The instruments one app records into, and its registry. */
export interface Instruments {
  registry: Registry;
  /** Records a request that was answered: `route` is the route's pattern, never the raw URL. */
  recordRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** Records a media job attempt that ended. */
  recordMediaJob(path: string, outcome: string, seconds: number): void;
  /** Sets the queue gauges from a fresh read, or clears them when the read failed (null). */
  setQueues(backlogs: Record<QueueName, QueueBacklog> | null): void;
}

/**
 * A new registry with the default Node process metrics (CPU, memory, event loop lag, GC, handles)
 * and this app's instruments. `poolStats` (PostgreSQL) adds the pool gauges, read at each scrape;
 * without it (PGlite: no pool) they are left out.
 */
export function createInstruments(poolStats: (() => PoolStats | null) | null): Instruments {
  const registry = new Registry();
  // prom-client's GC observer and event loop monitor cannot be stopped: an app closed in a
  // process that goes on (tests) leaves them behind, ≈0.2 ms of CPU a second each.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx, 4xx, 5xx…).',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to answering it, seconds, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: httpSecondsBuckets,
    registers,
  });
  const mediaJobSeconds = new Histogram({
    name: 'practica_media_job_duration_seconds',
    help: 'Wall time of a media job attempt, seconds, by path (copy, encode, none) and outcome.',
    labelNames: ['path', 'outcome'] as const,
    buckets: mediaJobSecondsBuckets,
    registers,
  });

  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const stats = poolStats();
          if (stats) this.set(read(stats));
        },
      });
    poolGauge('practica_db_pool_in_use', 'Database connections checked out now.', (s) => s.inUse);
    poolGauge(
      'practica_db_pool_idle',
      'Open database connections waiting for work.',
      (s) => s.idle,
    );
    poolGauge(
      'practica_db_pool_waiting',
      'Queries waiting for a database connection (every connection in use).',
      (s) => s.waiting,
    );
    poolGauge('practica_db_pool_max', 'The pool size (DATABASE_POOL_SIZE).', (s) => s.max);
  }

  const queueGauge = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ['queue'] as const, registers });
  const queueDepth = queueGauge(
    'practica_queue_depth',
    'Unfinished items of a background queue: due, waiting for a retry, or being worked on.',
  );
  const queueDue = queueGauge(
    'practica_queue_due',
    'Items of a background queue due now that no worker has claimed.',
  );
  const queueOldestDue = queueGauge(
    'practica_queue_oldest_due_seconds',
    'Seconds the item due longest has waited for a worker since it fell due (0: none due).',
  );
  const queueReadErrors = new Counter({
    name: 'practica_queue_read_errors_total',
    help: 'Scrapes whose queue reads failed (the database did not answer); the queue gauges are then absent.',
    registers,
  });

  return {
    registry,
    recordRequest(method, route, statusCode, seconds) {
      const statusClass = `${Math.floor(statusCode / 100)}xx`;
      requests.inc({ method, route, status_class: statusClass });
      requestSeconds.observe({ method, route }, seconds);
    },
    recordMediaJob(path, outcome, seconds) {
      mediaJobSeconds.observe({ path, outcome }, seconds);
    },
    setQueues(backlogs) {
      if (!backlogs) {
        for (const gauge of [queueDepth, queueDue, queueOldestDue]) gauge.reset();
        queueReadErrors.inc();
        return;
      }
      for (const [queue, backlog] of Object.entries(backlogs)) {
        queueDepth.set({ queue }, backlog.depth);
        queueDue.set({ queue }, backlog.due);
        queueOldestDue.set({ queue }, backlog.oldestDueSeconds);
      }
    },
  };
}
