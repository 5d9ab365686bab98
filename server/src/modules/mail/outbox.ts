/**
 * Writing to the mail outbox (DECISIONS.md 'Mail'). Call `enqueueMail` with the transaction that
 * makes the change causing the mail (or put `outboxInsert` in that change's statement), so the
 * mail exists exactly when the change committed.
 */
import type { Db, Tx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

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
  return db.insert(mailOutbox).values({
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
  });
}

/** Inserts the mail as Pending, due now. Returns its outbox id. */
export async function enqueueMail(db: Db | Tx, mail: OutgoingMail): Promise<number> {
  const [row] = await outboxInsert(db, mail).returning({ id: mailOutbox.id });
  return row!.id;
}
