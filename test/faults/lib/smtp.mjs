/**
 * A tiny SMTP receiver (the `smtp-server` package, like server/test/helpers/smtp-receiver.ts) on
 * 127.0.0.1 and a free port. It counts accepted messages per recipient. `hold()` makes it accept
 * the DATA of the following messages but never answer them (a server killed mid-send), until
 * `release()`; held messages are not counted as delivered.
 */
import { Buffer } from 'node:buffer';
import { SMTPServer } from 'smtp-server';
import { onCleanup } from './cleanup.mjs';

/** Starts the receiver (closed at cleanup). */
export async function startSmtpReceiver() {
  const received = [];
  let holding = false;
  let held = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1_000_000,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        if (holding) {
          held += 1;
          return; // never answered: the sender waits until it dies
        }
        const source = Buffer.concat(chunks).toString('latin1');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: /^Subject: (.*)$/m.exec(source)?.[1]?.trim() ?? '',
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address();
  const close = () => new Promise((resolve) => server.close(() => resolve()));
  onCleanup(close);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages received per recipient address (lower case). */
    countsByRecipient() {
      const counts = new Map();
      for (const m of received) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
    },
    /** Messages received but never answered while holding. */
    get held() {
      return held;
    },
    close,
  };
}
