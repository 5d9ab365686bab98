/**
 * Notification mails (decisions.md#console-flows §16). Rules decided here (features.md 'Notification mails'):
 * - Settings: every kind is on until turned off; a user sees and changes the kinds of their role
 *   (`notificationKindsFor`); staff through /users/me/notifications, trainees through
 *   /me/notifications (the other audience: 403).
 * - `assignment-added`: a trainee with an answer on an Active assignment hears of it once
 *   ('assignment:{id}'): when added while it is Active, or when it becomes Active.
 * - `due-reminder`: from two days before the due date up to it, once, while the answer is Pending.
 * - `review-digest`: once a day per reviewer (from NOTIFY_DIGEST_HOUR, UTC), when answers were
 *   submitted since their last digest that their Reviews inbox shows and are still waiting.
 * - `content-review`: content sent for approval (Draft → Review) — its organization's Managers, or
 *   the Admins for general content; `content-decision`: Review → Draft (with the return reason) or
 *   Review → Active — its creator. Nobody is told of their own change.
 * Links are built from the app's PUBLIC_URL, which callers pass in (`NotifyDeps`, `linkDeps(app)`).
 */
import {
  ContentStatus,
  Role,
  contentTypeLabels,
  messages,
  notificationKinds,
  notificationKindsFor,
  type Actor,
  type ContentTypeId,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsBody,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { ForbiddenError, ValidationError } from '../../errors.js';
import { requireAllowed } from '../../lib/load-authorized.js';
import { digestListedMax, mailLinks, notificationMails } from '../mail/index.js';
import {
  contentRecipients,
  digestsDue,
  optOutsOf,
  saveOptOuts,
  sendEach,
  sendOnce,
  traineesToRemind,
  traineesToTellAdded,
  type NotificationMail,
  type TraineeOnAssignment,
} from './repository.js';

/** Days before the due date from which a Pending trainee is reminded (decisions.md#console-flows §16: two). */
export const reminderDays = 2;

/**
 * What the services that cause a notification mail need: the database (or the change's
 * transaction) and the app's PUBLIC_URL (`app.config.publicUrl`, no trailing slash), the base of
 * the mails' links. Routes build it with `linkDeps(app)`.
 */
export interface NotifyDeps {
  db: Db;
  publicUrl: string;
}

// ---------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------

/** Who a settings route serves: the console's staff or the practice app's trainees. */
export type SettingsAudience = 'staff' | 'trainee';

/** 403 unless `actor` may manage its own settings through the `audience`'s route. */
function assertAudience(actor: Actor, audience: SettingsAudience): void {
  requireAllowed(actor, 'notification:manage', {
    userId: actor.id,
    organizationId: actor.organizationId,
  });
  if ((actor.roleId === Role.Trainee) !== (audience === 'trainee')) throw new ForbiddenError();
}

/** The kinds of `actor`'s role with whether each is on, given the kinds turned off. */
function settingsOf(actor: Actor, off: readonly string[]): NotificationSettings {
  const kinds = notificationKindsFor(actor.roleId);
  return {
    settings: notificationKinds
      .filter((kind) => kinds.includes(kind))
      .map((kind) => ({ kind, enabled: !off.includes(kind) })),
  };
}

/**
 * Checks who calls before the body is read (the routes' preValidation): 403 for the other
 * audience. Throws, answers nothing.
 */
export function authorizeSettings(actor: Actor, audience: SettingsAudience): void {
  assertAudience(actor, audience);
}

/** GET …/notifications: every kind of `actor`'s role and whether it is on. One statement. */
export async function getSettingsFor(
  db: Db,
  actor: Actor,
  audience: SettingsAudience,
): Promise<NotificationSettings> {
  assertAudience(actor, audience);
  return settingsOf(actor, await optOutsOf(db, actor.id));
}

/**
 * PUT …/notifications: turns the kinds named in `body` on or off (others kept); a kind the role
 * does not receive is refused (400 messages.notificationKindInvalid, nothing saved). Answers every
 * kind as GET does. Two statements.
 */
export async function saveSettingsFor(
  db: Db,
  actor: Actor,
  audience: SettingsAudience,
  body: NotificationSettingsBody,
): Promise<NotificationSettings> {
  assertAudience(actor, audience);
  const allowed = notificationKindsFor(actor.roleId);
  const wrong = body.settings.flatMap((s, i) =>
    allowed.includes(s.kind)
      ? []
      : [{ path: `settings.${i}.kind`, message: messages.notificationKindInvalid }],
  );
  if (wrong.length > 0) throw new ValidationError(messages.notificationKindInvalid, wrong);
  await saveOptOuts(db, actor.id, {
    on: body.settings.filter((s) => s.enabled).map((s) => s.kind),
    off: body.settings.filter((s) => !s.enabled).map((s) => s.kind),
  });
  return settingsOf(actor, await optOutsOf(db, actor.id));
}

// ---------------------------------------------------------------------------
// Mails caused by a change (called in the change's transaction)
// ---------------------------------------------------------------------------

const settingsLink = (publicUrl: string, roleId: number) =>
  mailLinks.notificationSettings(publicUrl, roleId === Role.Trainee);

function addedMail(publicUrl: string, t: TraineeOnAssignment): NotificationMail {
  return {
    kind: 'assignment-added',
    userId: t.userId,
    subjectKey: `assignment:${t.assignmentId}`,
    mail: notificationMails.assignmentAdded({
      to: t.email,
      firstName: t.firstName,
      assignmentName: t.assignmentName,
      dueDate: t.closeDate,
      link: mailLinks.practice(publicUrl, t.assignmentId),
      settingsLink: settingsLink(publicUrl, Role.Trainee),
    }),
  };
}

/**
 * Tells the trainees of the assignments `assignmentIds` (only `userIds` when given) that they are
 * on them, once per trainee and assignment, for those that are Active — call it in the
 * transaction that adds trainees or makes an assignment Active (after the change). Two statements
 * at most. The links start with `publicUrl` (the app's PUBLIC_URL). Answers how many mails were
 * written.
 */
export async function tellTraineesAdded(
  tx: Db | Tx,
  publicUrl: string,
  assignmentIds: readonly number[],
  userIds?: readonly number[],
  now: Date = new Date(),
): Promise<number> {
  const trainees = await traineesToTellAdded(tx, assignmentIds, userIds);
  return sendOnce(
    tx,
    trainees.map((t) => addedMail(publicUrl, t)),
    now,
  );
}

/**
 * Mails the people a content status change concerns (see the module comment): call it in the
 * transaction of the change, after the status (and the return reason) were written, with the
 * transition and who made it. Two statements at most, none for other transitions. Answers how
 * many mails were written. The links start with `publicUrl` (the app's PUBLIC_URL).
 */
export async function tellContentStatusChanged(
  tx: Db | Tx,
  publicUrl: string,
  change: { contentId: number; from: number; to: number; actorId: number },
): Promise<number> {
  const { from, to } = change;
  const sentForApproval = from === ContentStatus.Draft && to === ContentStatus.Review;
  const decided =
    from === ContentStatus.Review && (to === ContentStatus.Draft || to === ContentStatus.Active);
  if (!sentForApproval && !decided) return 0;
  const kind: NotificationKind = sentForApproval ? 'content-review' : 'content-decision';
  const recipients = await contentRecipients(tx, {
    contentId: change.contentId,
    actorId: change.actorId,
    to: sentForApproval ? 'approvers' : 'creator',
    kind,
  });
  const mails = recipients.map((r): NotificationMail => {
    const common = {
      to: r.email,
      firstName: r.firstName,
      contentName: r.contentName,
      typeLabel: contentTypeLabels[r.contentTypeId as ContentTypeId] ?? 'Content',
      link: mailLinks.content(publicUrl, r.contentTypeId, r.contentId),
      settingsLink: settingsLink(publicUrl, r.roleId),
    };
    return {
      kind,
      userId: r.userId,
      subjectKey: `content:${r.contentId}`,
      mail: sentForApproval
        ? notificationMails.contentAwaitingApproval({ ...common, authorName: r.actorName })
        : notificationMails.contentDecision({
            ...common,
            approved: to === ContentStatus.Active,
            reason: to === ContentStatus.Draft ? r.returnReason : null,
          }),
    };
  });
  return sendEach(tx, mails);
}

// ---------------------------------------------------------------------------
// The scheduler's round
// ---------------------------------------------------------------------------

/** A date as YYYY-MM-DD in UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * One round of the scheduler at `now`: the due reminders, then — from `digestHour` (UTC) — the
 * reviewers' digests of the day, at most `batchSize` of each. Four statements at most; each
 * mail is written once however many server copies run the round together (`sendOnce`). Answers
 * how many mails were written. The links start with `publicUrl` (the app's PUBLIC_URL).
 */
export async function runDueNotifications(
  { db, publicUrl }: NotifyDeps,
  {
    now = new Date(),
    digestHour,
    batchSize,
  }: { now?: Date; digestHour: number; batchSize: number },
): Promise<{ reminders: number; digests: number }> {
  const today = utcDay(now);
  const due = await traineesToRemind(db, { today, days: reminderDays, limit: batchSize });
  const reminders = await sendOnce(
    db,
    due.map((t) => ({
      kind: 'due-reminder',
      userId: t.userId,
      subjectKey: `assignment:${t.assignmentId}`,
      mail: notificationMails.dueReminder({
        to: t.email,
        firstName: t.firstName,
        assignmentName: t.assignmentName,
        dueDate: t.closeDate!,
        link: mailLinks.practice(publicUrl, t.assignmentId),
        settingsLink: settingsLink(publicUrl, Role.Trainee),
      }),
    })),
    now,
  );
  if (now.getUTCHours() < digestHour) return { reminders, digests: 0 };
  const digests = await digestsDue(db, {
    day: today,
    now,
    limit: batchSize,
    listed: digestListedMax,
  });
  const written = await sendOnce(
    db,
    digests.map((d) => ({
      kind: 'review-digest',
      userId: d.userId,
      subjectKey: today,
      mail: notificationMails.reviewDigest({
        to: d.email,
        firstName: d.firstName,
        total: d.total,
        answers: d.answers,
        link: mailLinks.reviewInbox(publicUrl),
        settingsLink: settingsLink(publicUrl, Role.Instructor),
      }),
    })),
    now,
  );
  return { reminders, digests: written };
}
