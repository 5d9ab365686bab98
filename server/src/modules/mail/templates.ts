/**
 * Account emails (DECISIONS.md 'Mail', 000 §2.11) and the trainees' review notice: plain text plus a
 * simple HTML version, every interpolated value escaped in the HTML. Each builder answers an
 * `OutgoingMail` for `enqueueMail(tx, …)`; links are built with `mailLinks` from PUBLIC_URL and the
 * raw token or the id they lead to.
 */
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
    '— Practica',
    '',
  ].join('\n');
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.link)}" style="background:#ed1d24;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(parts.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">If the button does not work, open this link: <a href="${escapeHtml(parts.action.link)}">${escapeHtml(parts.action.link)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#222222">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">',
    p(hello),
    ...parts.paragraphs.map(p),
    button,
    ...after.map(p),
    '<p style="margin:24px 0 0;color:#777777">— Practica</p>',
    '</div></body></html>',
  ].join('');
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
