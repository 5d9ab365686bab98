/**
 * Writing to the mail outbox (DECISIONS.md 'Mail'). Call `enqueueMail` with the transaction that
 * makes the change causing the mail, so the mail exists exactly when the change committed.
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

/** Inserts the mail as Pending, due now. Returns its outbox id. */
export async function enqueueMail(db: Db | Tx, mail: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
