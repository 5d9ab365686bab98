/**
 * Account emails (decisions.md#mail, 000 §2.11) and the trainees' review notice: plain text plus a
 * simple HTML version rendered by layout.ts (React), every value escaped in the HTML. Each builder answers an
 * `OutgoingMail` for `enqueueMail(tx, …)`; links are built with `mailLinks` from PUBLIC_URL and the
 * raw token or the id they lead to.
 */
import { renderMailHtml } from './layout.js';
import type { OutgoingMail } from './outbox.js';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The links carried by emails: the console's result pages (000 §2.1) and the practice app's review
 * screen; `publicUrl` has no trailing slash.
 */
export const mailLinks = {
  /** 000 §2.11: `/password-reset?token=` (1 hour). */
  passwordReset: (publicUrl: string, token: string) =>
    `${publicUrl}/password-reset?token=${encodeURIComponent(token)}`,
  /** 000 §2.11: `/email-update?token=` (24 hours). */
  emailUpdate: (publicUrl: string, token: string) =>
    `${publicUrl}/email-update?token=${encodeURIComponent(token)}`,
  /** 000 §2.1: `/invite-registration/{id}` (the invite id; 7 days). */
  invite: (publicUrl: string, inviteId: number | string) =>
    `${publicUrl}/invite-registration/${encodeURIComponent(String(inviteId))}`,
  /** The practice app's review of my answer: `/practice/assignments/{assignmentId}/review`. */
  review: (publicUrl: string, assignmentId: number) =>
    `${publicUrl}/practice/assignments/${encodeURIComponent(String(assignmentId))}/review`,
  /** The practice app's practice screen of an assignment: `/practice/assignments/{assignmentId}`. */
  practice: (publicUrl: string, assignmentId: number) =>
    `${publicUrl}/practice/assignments/${encodeURIComponent(String(assignmentId))}`,
  /** The console's Reviews inbox (decisions.md#review-loop §1): `/dbl/reviews`. */
  reviewInbox: (publicUrl: string) => `${publicUrl}/dbl/reviews`,
  /**
   * The console's page of a content item: an interview `/dbl/interviews/{id}/edit`, a rating scale
   * or feedback form `/dbl/{contentTypeId}/evaluations/{id}/edit`.
   */
  content: (publicUrl: string, contentTypeId: number, contentId: number) =>
    contentTypeId === 1
      ? `${publicUrl}/dbl/interviews/${encodeURIComponent(String(contentId))}/edit`
      : `${publicUrl}/dbl/${encodeURIComponent(String(contentTypeId))}/evaluations/${encodeURIComponent(String(contentId))}/edit`,
  /** Where a user turns notification mails off: the console's Settings, or the practice app's for a trainee. */
  notificationSettings: (publicUrl: string, trainee: boolean) =>
    trainee ? `${publicUrl}/practice/settings` : `${publicUrl}/dbl/settings`,
};

interface Parts {
  kind: string;
  to: string;
  subject: string;
  greetingName?: string | null | undefined;
  /** Paragraphs of plain text (escaped for the HTML). */
  paragraphs: string[];
  action?: { label: string; link: string };
  /** Paragraphs after the action. */
  after?: string[];
  /** A closing line in small print with a link (notification mails: where to turn them off). */
  footnote?: { text: string; linkLabel: string; link: string };
}

function greeting(name: string | null | undefined): string {
  return name && name.trim() !== '' ? `Hello ${name.trim()},` : 'Hello,';
}

/** Builds the text and HTML bodies from the same parts. */
function compose(parts: Parts): OutgoingMail {
  const hello = greeting(parts.greetingName);
  const after = parts.after ?? [];
  const text = [
    hello,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.link}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    ...(parts.footnote ? [`${parts.footnote.text} ${parts.footnote.link}`, ''] : []),
    '— Practica',
    '',
  ].join('\n');
  const html = renderMailHtml({
    hello,
    paragraphs: parts.paragraphs,
    action: parts.action,
    after,
    footnote: parts.footnote,
  });
  return { kind: parts.kind, to: parts.to, subject: parts.subject, text, html };
}

export interface LinkMailInput {
  to: string;
  firstName?: string | null;
  /** The full link, e.g. from `mailLinks`. */
  link: string;
}

/** The account emails the users and invites services enqueue. */
export const accountMails = {
  /** Password reset link (000 §2.11 /password-reset; valid 1 hour). */
  passwordReset: (input: LinkMailInput): OutgoingMail =>
    compose({
      kind: 'password-reset',
      to: input.to,
      subject: 'Reset your Practica password',
      greetingName: input.firstName,
      paragraphs: ['We received a request to reset the password of your Practica account.'],
      action: { label: 'Reset password', link: input.link },
      after: [
        'The link can be used once and expires in 1 hour.',
        'If you did not ask for this, you can ignore this email: your password stays the same.',
      ],
    }),

  /** Email-change confirmation to the new address (000 §2.11 /email-update; valid 24 hours). */
  emailChange: (input: LinkMailInput): OutgoingMail =>
    compose({
      kind: 'email-change',
      to: input.to,
      subject: 'Confirm your new Practica email address',
      greetingName: input.firstName,
      paragraphs: [
        `Please confirm that ${input.to} should become the email address of your Practica account.`,
      ],
      action: { label: 'Confirm email address', link: input.link },
      after: [
        'The link can be used once and expires in 24 hours.',
        'If you did not ask for this, ignore this email and nothing will change.',
      ],
    }),

  /** Notice to the old address that a change to `newEmail` was requested (no link). */
  emailChangeNotice: (input: {
    to: string;
    firstName?: string | null;
    newEmail: string;
  }): OutgoingMail =>
    compose({
      kind: 'email-change-notice',
      to: input.to,
      subject: 'Your Practica email address is changing',
      greetingName: input.firstName,
      paragraphs: [
        `A change of the email address of your Practica account to ${input.newEmail} was requested.`,
        'The change takes effect only when it is confirmed from the new address.',
        'If you did not ask for this, contact your administrator and change your password.',
      ],
    }),

  /** A new admin chooses a password through a reset link (000 §2.9 'Add Admin'). */
  adminWelcome: (input: LinkMailInput): OutgoingMail =>
    compose({
      kind: 'admin-welcome',
      to: input.to,
      subject: 'Your Practica admin account',
      greetingName: input.firstName,
      paragraphs: ['An administrator account was created for you on Practica.'],
      action: { label: 'Choose your password', link: input.link },
      after: ['The link can be used once and expires in 7 days.'],
    }),

  /** A user an admin created directly (POST /users) chooses a password through a reset link. */
  accountWelcome: (
    input: LinkMailInput & { roleName: string; organizationName: string },
  ): OutgoingMail =>
    compose({
      kind: 'account-welcome',
      to: input.to,
      subject: `Your Practica account at ${input.organizationName}`,
      greetingName: input.firstName,
      paragraphs: [
        `A Practica account was created for you as ${input.roleName} at ${input.organizationName}.`,
      ],
      action: { label: 'Choose your password', link: input.link },
      after: ['The link can be used once and expires in 7 days.'],
    }),

  /** Invite to register (000 §2.1 /invite-registration/{id}; valid 7 days). */
  invite: (
    input: LinkMailInput & { organizationName?: string | null; roleName?: string | null },
  ): OutgoingMail => {
    const role = input.roleName ? ` as ${input.roleName}` : '';
    const org = input.organizationName ? ` at ${input.organizationName}` : '';
    return compose({
      kind: 'invite',
      to: input.to,
      subject: `You are invited to Practica${org}`,
      greetingName: input.firstName,
      paragraphs: [`You are invited to join Practica${role}${org}.`],
      action: { label: 'Accept the invite', link: input.link },
      after: ['The invite expires in 7 days.'],
    });
  },
};

/** The emails the answers module writes to trainees. */
export const traineeMails = {
  /**
   * `review-ready`: my answer to the assignment `assignmentName` was reviewed; the link
   * (`mailLinks.review`) opens the review in the practice app. Sent again for each new review.
   */
  reviewReady: (input: LinkMailInput & { assignmentName: string }): OutgoingMail =>
    compose({
      kind: 'review-ready',
      to: input.to,
      subject: `Your answers to ${input.assignmentName} were reviewed`,
      greetingName: input.firstName,
      paragraphs: [
        `Your answers to ${input.assignmentName} were reviewed: your score, the ratings and the feedback are ready.`,
      ],
      action: { label: 'See your review', link: input.link },
      after: ['Sign in to Practica Practice with your account to read it.'],
    }),
};

/** A date-only value (YYYY-MM-DD) as the console shows dates: month.day.year. */
function consoleDate(date: string): string {
  const [y, m, d] = date.split('-');
  return y && m && d ? `${m}.${d}.${y}` : date;
}

/** The closing paragraph of every notification mail: where to turn that kind off. */
function optOutLine(settingsLink: string): NonNullable<Parts['footnote']> {
  return {
    text: 'You receive this email because it is on in your notification settings; you can turn it off there:',
    linkLabel: 'Notification settings',
    link: settingsLink,
  };
}

interface NotificationInput {
  to: string;
  firstName?: string | null;
  /** The deep link of the mail's button. */
  link: string;
  /** `mailLinks.notificationSettings`: where the kind is turned off. */
  settingsLink: string;
}

/** One answer of a reviewer's digest. */
export interface DigestAnswer {
  traineeName: string;
  assignmentName: string;
}

/** How many answers a digest lists by name; the rest are counted. */
export const digestListedMax = 10;

/**
 * The notification mails of decisions.md#console-flows §16 (`notifications` module), one builder per kind; each has
 * a deep link and ends with where to turn the kind off. `kind` is the notification kind.
 */
export const notificationMails = {
  /** `assignment-added`: the trainee is on an Active assignment; the link opens its practice screen. */
  assignmentAdded: (
    input: NotificationInput & { assignmentName: string; dueDate: string | null },
  ): OutgoingMail =>
    compose({
      kind: 'assignment-added',
      to: input.to,
      subject: `New assignment: ${input.assignmentName}`,
      greetingName: input.firstName,
      paragraphs: [
        `You were assigned ${input.assignmentName} on Practica.` +
          (input.dueDate
            ? ` Please record and submit your answers by ${consoleDate(input.dueDate)}.`
            : ''),
      ],
      action: { label: 'Start practising', link: input.link },
      footnote: optOutLine(input.settingsLink),
    }),

  /** `due-reminder`: the due date is near and the trainee's answer is still Pending. */
  dueReminder: (
    input: NotificationInput & { assignmentName: string; dueDate: string },
  ): OutgoingMail =>
    compose({
      kind: 'due-reminder',
      to: input.to,
      subject: `Reminder: ${input.assignmentName} is due ${consoleDate(input.dueDate)}`,
      greetingName: input.firstName,
      paragraphs: [
        `Your answers to ${input.assignmentName} are due on ${consoleDate(input.dueDate)} and have not been submitted yet.`,
      ],
      action: { label: 'Finish and submit', link: input.link },
      footnote: optOutLine(input.settingsLink),
    }),

  /** `review-digest`: the answers submitted since the reviewer's last digest (`total` of them, `answers` the first few). */
  reviewDigest: (
    input: NotificationInput & { total: number; answers: readonly DigestAnswer[] },
  ): OutgoingMail => {
    const listed = input.answers.slice(0, digestListedMax);
    const more = input.total - listed.length;
    const lines = listed.map((a) => `• ${a.traineeName}: ${a.assignmentName}`);
    return compose({
      kind: 'review-digest',
      to: input.to,
      subject:
        input.total === 1 ? '1 new answer to review' : `${input.total} new answers to review`,
      greetingName: input.firstName,
      paragraphs: [
        input.total === 1
          ? 'One answer was submitted for review since your last summary:'
          : `${input.total} answers were submitted for review since your last summary:`,
        ...lines,
        ...(more > 0 ? [`and ${more} more.`] : []),
      ],
      action: { label: 'Open the Reviews inbox', link: input.link },
      footnote: optOutLine(input.settingsLink),
    });
  },

  /** `content-review`: content was sent for approval; the link opens it in the console. */
  contentAwaitingApproval: (
    input: NotificationInput & {
      contentName: string;
      typeLabel: string;
      authorName: string | null;
    },
  ): OutgoingMail =>
    compose({
      kind: 'content-review',
      to: input.to,
      subject: `${input.typeLabel} awaiting approval: ${input.contentName}`,
      greetingName: input.firstName,
      paragraphs: [
        `${input.authorName ?? 'An author'} sent the ${input.typeLabel.toLowerCase()} ${input.contentName} for approval.`,
      ],
      action: { label: 'Review and approve', link: input.link },
      footnote: optOutLine(input.settingsLink),
    }),

  /** `content-decision`: the creator's content was approved (`approved`) or returned to Draft with an optional reason. */
  contentDecision: (
    input: NotificationInput & {
      contentName: string;
      typeLabel: string;
      approved: boolean;
      reason: string | null;
    },
  ): OutgoingMail =>
    compose({
      kind: 'content-decision',
      to: input.to,
      subject: input.approved
        ? `Approved: ${input.contentName}`
        : `Returned to Draft: ${input.contentName}`,
      greetingName: input.firstName,
      paragraphs: input.approved
        ? [
            `Your ${input.typeLabel.toLowerCase()} ${input.contentName} was approved and is now Active.`,
          ]
        : [
            `Your ${input.typeLabel.toLowerCase()} ${input.contentName} was returned to Draft.`,
            ...(input.reason && input.reason.trim() !== ''
              ? [`Reason: ${input.reason.trim()}`]
              : []),
          ],
      action: { label: input.approved ? 'Open it' : 'Open and edit', link: input.link },
      footnote: optOutLine(input.settingsLink),
    }),
};
