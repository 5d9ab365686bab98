/**
 * SMTP delivery through nodemailer (decisions.md#mail). With no SMTP_URL there is no transport:
 * the worker then delivers nothing and mail stays readable at /dev/mailbox.
 */
import nodemailer from 'nodemailer';
import type { MailConfig } from './config.js';

/** One message as handed to the transport. */
export interface TransportMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** What the worker needs of a transport; resolves when the server accepted the message, rejects otherwise. */
export interface MailTransport {
  send(message: TransportMessage): Promise<void>;
  close(): void;
}

/**
 * A nodemailer SMTP transport for `config.smtpUrl` (e.g. `smtp://user:pass@host:587`; query
 * options such as `?pool=true` pass through), or null when no URL is set. Time-outs are kept
 * well below the worker's lease (connect 30 s, greeting 30 s, socket 60 s).
 */
export function createSmtpTransport(config: Pick<MailConfig, 'smtpUrl'>): MailTransport | null {
  if (!config.smtpUrl) return null;
  // Keys of the object apply where the URL does not set them.
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    // A few reused connections: a backlog (after an outage) drains at the relay's pace instead of
    // paying a connect and a greeting per mail.
    pool: true,
    maxConnections: 4,
    maxMessages: 100,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close() {
      transporter.close();
    },
  };
}
