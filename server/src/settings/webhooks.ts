/**
 * Settings of webhooks (operations.md 'Webhooks', decisions.md#webhooks): the variables config.ts
 * composes into `Config.webhooks`, kept out of the webhooks module so that config.ts imports no
 * module:
 *
 * - `WEBHOOKS_ALLOW_PRIVATE`: `true` lets endpoints and deliveries reach loopback, private,
 *   link-local and other non-public addresses (a receiver on the same machine or network). Off by
 *   default: such a URL is refused when created and each delivery to it fails.
 * - `WEBHOOKS_POLL_MS`: how often the worker looks for due deliveries, default 5000 ms; 0 turns
 *   it off. Unset under NODE_ENV=test: off (tests run rounds with `app.webhooks.drain()`).
 */
import { z } from 'zod';

/** The environment variables of the webhooks module. */
export const webhooksEnvShape = {
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .default(false),
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
};

export const webhooksEnvSchema = z.object(webhooksEnvShape);

export interface WebhooksConfig {
  /** Whether webhook requests may go to non-public addresses (loopback, RFC 1918, link-local …). */
  allowPrivate: boolean;
  /** Worker period in milliseconds; 0: no polling (rounds only through `app.webhooks.drain`). */
  pollMs: number;
}

/** Maps parsed variables to the configuration; `nodeEnv` 'test' turns polling off unless WEBHOOKS_POLL_MS is set. */
export function webhooksConfigFrom(
  e: z.output<typeof webhooksEnvSchema>,
  nodeEnv: string,
): WebhooksConfig {
  return {
    allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    pollMs: e.WEBHOOKS_POLL_MS ?? (nodeEnv === 'test' ? 0 : 5_000),
  };
}
