/**
 * Mail settings (decisions.md#mail). The variables, `MailConfig` and who may read the dev mailbox
 * live in settings/mail.ts, which config.ts composes without importing this module; this file
 * re-exports them and validates the mail variables on their own (`loadMailConfig`, for tools and
 * tests that run the mail plugin without the whole configuration).
 */
import {
  mailConfigFrom,
  mailEnvSchema,
  type MailConfig,
  type MailEnv,
} from '../../settings/mail.js';

export { devMailboxAccess, type MailConfig, type MailEnv } from '../../settings/mail.js';

/** A bad mail variable (the message names each one). config.ts merges `mailEnvShape` instead and throws its own ConfigError. */
export class MailConfigError extends Error {}

/**
 * Validates the mail variables of `env` (default `process.env`). Throws MailConfigError naming
 * every bad variable (the SMTP URL itself is never echoed: it may hold a password).
 */
export function loadMailConfig(env: NodeJS.ProcessEnv | MailEnv = process.env): MailConfig {
  const parsed = mailEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new MailConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  return mailConfigFrom(parsed.data);
}
