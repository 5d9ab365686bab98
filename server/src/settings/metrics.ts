/**
 * Settings of `/metrics` (operations.md 'Metrics'): the variable config.ts composes into
 * `Config.metrics`, kept out of the metrics module so that config.ts imports no module:
 *
 * - `METRICS_TOKEN`: the bearer token a scraper sends (`Authorization: Bearer <token>`), at least
 *   32 characters. In production it is the only way in: unset, `/metrics` answers 404 there.
 *   Outside production loopback clients need none (as the dev mailbox).
 */
import { z } from 'zod';

/** The environment variables of the metrics module. */
export const metricsEnvShape = {
  METRICS_TOKEN: z.string().trim().min(32, 'must be at least 32 characters').optional(),
};

export const metricsEnvSchema = z.object(metricsEnvShape);

export interface MetricsConfig {
  /** The scrapers' bearer token; undefined: loopback clients only, and none in production. */
  token: string | undefined;
}

/** Maps the parsed variables to the configuration. */
export function metricsConfigFrom(e: z.output<typeof metricsEnvSchema>): MetricsConfig {
  return { token: e.METRICS_TOKEN };
}
