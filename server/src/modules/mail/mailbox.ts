/**
 * The dev mailbox (decisions.md#mail): `GET /dev/mailbox`, an HTML page listing the outbox
 * newest first, and `GET /dev/mailbox.json` with the same data (end-to-end tests follow the
 * links from it). Never registered in production nor with SMTP_URL set; served to loopback
 * clients only unless DEV_MAILBOX=true (plugin.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailMaxLength, messages, wholeNumber } from '@practica/contract';
import { MailStatus } from '../../db/schema/index.js';
import { NotFoundError } from '../../errors.js';
import { isLoopbackAddress } from '../../lib/loopback.js';
import { ok } from '../../lib/envelope.js';
import { listOutbox, type OutboxRow } from './repository.js';
import { escapeHtml } from './templates.js';
import { linksIn } from './worker.js';

const statusLabels: Record<number, string> = {
  [MailStatus.Pending]: 'Pending',
  [MailStatus.Sent]: 'Sent',
  [MailStatus.Failed]: 'Failed',
};

const mailboxQuerySchema = z.object({
  /** Only mails to this address (case-insensitive). */
  to: z.string().trim().max(emailMaxLength).optional(),
  limit: wholeNumber(messages.validationFailed, { min: 1, max: 500 }).default(100),
});

/** One outbox row as the mailbox shows it. */
export function presentMailboxEntry(row: OutboxRow) {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    links: linksIn(row.textBody),
    status: statusLabels[row.status] ?? String(row.status),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** Escapes a text body and makes its http(s) links clickable. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function page(rows: OutboxRow[]): string {
  const items = rows
    .map((row) => {
      const e = presentMailboxEntry(row);
      return `<article>
<header><strong>${escapeHtml(e.subject)}</strong><span class="status s-${escapeHtml(e.status.toLowerCase())}">${escapeHtml(e.status)}</span></header>
<p class="meta">To ${escapeHtml(e.to)} · ${escapeHtml(e.createdAt)} · #${e.id} ${escapeHtml(e.kind)}${e.attempts ? ` · ${e.attempts} attempt(s)` : ''}${e.lastError ? ` · last error: ${escapeHtml(e.lastError)}` : ''}</p>
<pre>${linkify(e.text)}</pre>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>Dev mailbox · Practica</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f5f5f5;color:#222}
h1{font-size:20px;margin:0 0 4px}p.note{color:#666;margin:0 0 16px}
article{background:#fff;border-radius:8px;padding:16px;margin:0 0 12px;box-shadow:0 1px 2px #0001}
header{display:flex;justify-content:space-between;gap:12px}
.meta{color:#666;font-size:13px;margin:4px 0 8px}
pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,monospace;margin:0}
.status{font-size:12px;padding:2px 8px;border-radius:10px;background:#eee}
.s-sent{background:#d9f2dd}.s-failed{background:#f9d6d6}.s-pending{background:#fff1c7}
</style></head><body>
<h1>Dev mailbox</h1>
<p class="note">The mail outbox, newest first. Not available in production. JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

/**
 * GET /dev/mailbox and GET /dev/mailbox.json (`?to=` filters by address, `?limit=` 1..500, default
 * 100). `loopbackOnly`: any client whose socket is not a loopback address gets the 404 of a missing
 * route — X-Forwarded-For and the proxy settings are not consulted, a client can write those.
 */
export async function devMailboxRoutes(
  app: FastifyInstance,
  { loopbackOnly }: { loopbackOnly: boolean },
): Promise<void> {
  if (loopbackOnly)
    app.addHook('onRequest', async (request) => {
      if (!isLoopbackAddress(request.raw.socket.remoteAddress)) throw new NotFoundError();
    });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: mailboxQuerySchema } },
    async (request, reply) => {
      const rows = await listOutbox(app.db, request.query);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(rows));
    },
  );
  r.get(
    '/dev/mailbox.json',
    { schema: { hide: true, querystring: mailboxQuerySchema } },
    async (request, reply) => {
      const rows = await listOutbox(app.db, request.query);
      reply.header('cache-control', 'no-store');
      return ok({ list: rows.map(presentMailboxEntry), count: rows.length });
    },
  );
}
