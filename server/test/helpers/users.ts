/** Small lookups for user tests: ids by email, the outbox, links in mails. */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { mailOutbox, users } from '../../src/db/schema/index.js';

export async function userId(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function userRow(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Mails in the outbox to `to`, newest first. */
export async function mailsTo(db: Db, to: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id));
}

/** The token in the first link of the form `/path?token=…` in a mail body. */
export function tokenFromMail(text: string, path: string): string {
  const match = new RegExp(`${path.replace('/', '\\/')}\\?token=([\\w-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}
