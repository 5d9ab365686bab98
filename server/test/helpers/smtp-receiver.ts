/**
 * A real SMTP server for mail tests (the `smtp-server` package) on 127.0.0.1 and a free port.
 * It records every accepted message; `rejectNext(n)` makes the next n messages fail with 451.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes decoded. */
  source: string;
  subject: string;
}

export interface SmtpReceiver {
  url: string;
  received: ReceivedMail[];
  rejectNext(count: number): void;
  /** Resolves when at least `count` messages were received (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Decodes quoted-printable (soft line breaks and =XX) over the whole message, enough to read links. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  let rejecting = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (rejecting > 0) {
          rejecting -= 1;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const source = decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1'));
        const subject = /^Subject: (.*)$/m.exec(source)?.[1]?.trim() ?? '';
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          source,
          subject,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNext(count) {
      rejecting = count;
    },
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until)
          throw new Error(`only ${received.length} of ${count} mails arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
