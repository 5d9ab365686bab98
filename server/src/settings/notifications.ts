/**
 * Settings of the notification scheduler (decisions.md#console-flows §16): the variables config.ts
 * composes into `Config.notifications`, kept out of the notifications module so that config.ts
 * imports no module:
 *
 * - `NOTIFY_POLL_MS`: how often the scheduler looks for due reminders and digests, default
 *   60000 ms; 0 turns it off. Unset under NODE_ENV=test: off (tests run rounds themselves).
 * - `NOTIFY_DIGEST_HOUR`: the hour (0–23, UTC) from which each reviewer's daily digest is sent,
 *   default 7.
 * - `NOTIFY_BATCH_SIZE`: reminders and digests written per round, each, default 200.
 */
import { z } from 'zod';

/** The environment variables of the notifications module. */
export const notificationsEnvShape = {
  NOTIFY_POLL_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  NOTIFY_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  NOTIFY_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
};

export const notificationsEnvSchema = z.object(notificationsEnvShape);

export interface NotificationsConfig {
  /** Scheduler period in milliseconds; 0: no scheduler (rounds only through `app.notifications.runDue`). */
  pollMs: number;
  /** UTC hour from which the daily digests go out. */
  digestHour: number;
  /** Reminders and digests written per round, each. */
  batchSize: number;
}

/** Maps parsed variables to the configuration; `nodeEnv` 'test' turns the scheduler off unless NOTIFY_POLL_MS is set. */
export function notificationsConfigFrom(
  e: z.output<typeof notificationsEnvSchema>,
  nodeEnv: string,
): NotificationsConfig {
  return {
    pollMs: e.NOTIFY_POLL_MS ?? (nodeEnv === 'test' ? 0 : 60_000),
    digestHour: e.NOTIFY_DIGEST_HOUR,
    batchSize: e.NOTIFY_BATCH_SIZE,
  };
}
