/**
 * Mail settings (decisions.md#mail): the variables config.ts composes into `Config.mail`, kept out of
 * the mail module so that config.ts imports no module (architecture.md 'Layout').
 *
 * - `SMTP_URL`: nodemailer URL, e.g. `smtp://user:pass@host:587` or `smtps://…:465`. Unset (the
 *   embedded default): nothing is sent; mail stays in the outbox, readable at /dev/mailbox
 *   (outside production) and in the log.
 * - `MAIL_FROM`: sender, default `Practica <no-reply@practica.local>`.
 * - `MAIL_POLL_MS`: how often the worker looks for due mail, default 5000 ms.
 * - `MAIL_BATCH_SIZE`: mails claimed per round, default 20.
 * - `MAIL_MAX_ATTEMPTS`: delivery attempts before a mail is Failed, default 8.
 * - `DEV_MAILBOX`: who may read /dev/mailbox (never in production nor with SMTP_URL set): unset,
 *   loopback clients only (by the socket's address); `true`, every client — anyone who reaches the
 *   server reads every reset link; `false`, nobody.
 */
import { z } from 'zod';

/** The environment variables of the mail module, with their defaults. */
export const mailEnvShape = {
  SMTP_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^smtps?:\/\/\S+$/i, { error: 'must look like smtp://user:pass@host:587' })
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Practica <no-reply@practica.local>'),
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  DEV_MAILBOX: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .optional(),
};

export const mailEnvSchema = z.object(mailEnvShape);
export type MailEnv = z.input<typeof mailEnvSchema>;

export interface MailConfig {
  /** Unset: no delivery (dev mailbox only). */
  smtpUrl: string | undefined;
  from: string;
  /** Worker poll period, milliseconds. */
  pollMs: number;
  /** Mails claimed per round. */
  batchSize: number;
  /** Attempts before a mail is marked Failed. */
  maxAttempts: number;
  /** DEV_MAILBOX: unset, loopback clients only; true, every client; false, nobody. */
  devMailbox: boolean | undefined;
}

/**
 * Who may read the dev mailbox: 'off' in production, when SMTP_URL is set (mail is delivered) or
 * with DEV_MAILBOX=false; 'everyone' with DEV_MAILBOX=true; 'loopback' (clients on this machine,
 * by the socket's address) otherwise.
 */
export function devMailboxAccess(
  production: boolean,
  mail: Pick<MailConfig, 'smtpUrl' | 'devMailbox'>,
): 'off' | 'loopback' | 'everyone' {
  if (production || mail.smtpUrl || mail.devMailbox === false) return 'off';
  return mail.devMailbox ? 'everyone' : 'loopback';
}

/** Maps parsed variables to the mail configuration. */
export function mailConfigFrom(e: z.output<typeof mailEnvSchema>): MailConfig {
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM,
    pollMs: e.MAIL_POLL_MS,
    batchSize: e.MAIL_BATCH_SIZE,
    maxAttempts: e.MAIL_MAX_ATTEMPTS,
    devMailbox: e.DEV_MAILBOX,
  };
}
