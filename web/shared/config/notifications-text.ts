/**
 * Console and practice-app copy of the notification settings (decisions.md#console-flows §16): the card's title,
 * its hint, and each kind's label and description. The API's messages are in the contract's
 * catalogue.
 */
import type { NotificationKind } from '@practica/contract';

export const notificationsText = {
  title: 'Email notifications',
  hint: 'Choose the emails Practica sends you. Account emails (password reset, email change) always arrive.',
  loadFailed: 'Your notification settings could not be loaded.',
  tryAgain: 'Try again',
  none: 'Your account receives no notification emails.',
  /** The practice app's link to its settings page, and the page's back link. */
  settingsLink: 'Settings',
  backHome: 'Back to my assignments',
  kinds: {
    'assignment-added': {
      label: 'New assignments',
      description: 'When you are added to an assignment, or one you are on is published.',
    },
    'due-reminder': {
      label: 'Due date reminders',
      description: 'Two days before an assignment is due, while your answers are not submitted.',
    },
    'review-ready': {
      label: 'My answer was reviewed',
      description: 'When a reviewer has rated your answer and left feedback.',
    },
    'review-digest': {
      label: 'Daily summary of answers to review',
      description: 'Once a day, the answers submitted since your last summary.',
    },
    'content-review': {
      label: 'Content awaiting approval',
      description: 'When an interview or evaluation is sent for approval.',
    },
    'content-decision': {
      label: 'Decisions on my content',
      description: 'When your content is approved, or returned to Draft with the reason.',
    },
  } satisfies Record<NotificationKind, { label: string; description: string }>,
};
