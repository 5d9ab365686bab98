/**
 * The metrics module (operations.md 'Metrics'): `GET /metrics` for Prometheus on a registry of the
 * app's own, open to loopback clients outside production and to `Authorization: Bearer
 * <METRICS_TOKEN>` everywhere. The app registers, at the root:
 *
 *   await app.register(metricsPlugin, { ...config.metrics, production });   // hooks, /metrics, app.metrics
 */
export { metricsPlugin } from './plugin.js';
