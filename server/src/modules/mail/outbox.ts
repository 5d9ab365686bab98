/**
 * Writing to the mail outbox (decisions.md#mail). Call `enqueueMail` with the transaction that
 * makes the change causing the mail (or put `outboxInsert` in that change's statement), so the
 * mail exists exactly when the change committed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { executeRows } from '../../db/sql-helpers.js';

export interface OutgoingMail {
  /** What caused it, e.g. 'password-reset', 'email-change', 'email-change-notice', 'invite'. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The insert of `mail` as Pending, due now, not yet run: for a statement that writes the mail
 * together with its cause (a data-modifying `WITH`, which PostgreSQL runs whether or not the main
 * statement reads it). `enqueueMail` runs it on its own.
 */
export function outboxInsert(db: Db | Tx, mail: OutgoingMail) {
  return db.insert(mailOutbox).values(outboxValues(mail));
}

/** The outbox columns a raw insert names, in the order `outboxInsertSelect` expects them. */
const selectedColumns = sql.join(
  [
    mailOutbox.kind,
    mailOutbox.toAddress,
    mailOutbox.subject,
    mailOutbox.textBody,
    mailOutbox.htmlBody,
  ].map((column) => sql.identifier(column.name)),
  sql`, `,
);

/**
 * SQL: inserts as Pending, due now, the mails `select` reads, and returns their ids (`id`). The
 * select answers, in this order, the kind, the address, the subject, the text and the HTML body
 * (or null). For a raw statement that writes mails it selects in SQL (the notifications'
 * once-only mails); runs nothing on its own.
 */
export function outboxInsertSelect(select: SQL): SQL {
  return sql`insert into ${mailOutbox} (${selectedColumns}) ${select} returning ${sql.identifier(mailOutbox.id.name)}`;
}

/** The outbox columns of `mail` (the defaults make it Pending, due now). */
function outboxValues(mail: OutgoingMail) {
  return {
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
  };
}

/**
 * Inserts `mails` as Pending, due now, in one statement (a batch's mails, e.g. the invites of a
 * CSV import, decisions.md#insights-and-administration §2); nothing for an empty list. Returns their outbox ids, ascending.
 */
export async function enqueueMails(db: Db | Tx, mails: readonly OutgoingMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  // One JSON parameter rather than five per mail: parsing thousands of bound values is what
  // makes a multi-row VALUES slow, on PGlite most of all.
  const input = JSON.stringify(
    mails.map((m) => ({
      kind: m.kind,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html ?? null,
    })),
  );
  const rows = await executeRows<{ id: number }>(
    db,
    outboxInsertSelect(sql`
    select m.kind, m."to", m.subject, m.text, m.html
    from jsonb_to_recordset(${input}::jsonb) as m(kind text, "to" text, subject text, text text, html text)
  `),
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** Inserts the mail as Pending, due now. Returns its outbox id. */
export async function enqueueMail(db: Db | Tx, mail: OutgoingMail): Promise<number> {
  const [row] = await outboxInsert(db, mail).returning({ id: mailOutbox.id });
  return row!.id;
}
