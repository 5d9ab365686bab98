/**
 * The mail module (decisions.md#mail). The app registers, at the root:
 *
 *   await app.register(mailPlugin, config.mail);     // worker, app.mail, /dev/mailbox (not in production)
 *
 * Services write mail with `enqueueMail(tx, accountMails.passwordReset({to, firstName, link}))`
 * in the transaction of the change that causes it (`enqueueMails(tx, [...])` for a batch, one statement).
 * The outbox table is this module's: a statement that writes mail with its cause puts
 * `outboxInsert(tx, mail)` (or, in raw SQL, `outboxInsertSelect(select)`) in it.
 */
export { loadMailConfig, MailConfigError, type MailEnv } from './config.js';
export { mailPlugin } from './plugin.js';
export {
  enqueueMail,
  enqueueMails,
  outboxInsert,
  outboxInsertSelect,
  type OutgoingMail,
} from './outbox.js';
export {
  accountMails,
  digestListedMax,
  escapeHtml,
  mailLinks,
  notificationMails,
  traineeMails,
} from './templates.js';
export { type MailTransport } from './transport.js';
export { retryDelayMs, startMailWorker } from './worker.js';
