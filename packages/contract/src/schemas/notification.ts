/**
 * Notification mails (decisions.md#console-flows §16) and each user's settings for them.
 *
 *     GET /users/me/notifications  (staff)     → {settings: [{kind, enabled}]}
 *     PUT /users/me/notifications  {settings: [{kind, enabled}]} → the same, all kinds
 *     GET|PUT /me/notifications    (trainees, the practice app) — the same shapes
 *
 * Every kind is on until the user turns it off; a user sees and changes only the kinds their
 * role receives (`notificationKindsFor`). A PUT names the kinds it changes; the others stay.
 */
import { z } from 'zod';
import { Role, type RoleId } from '../enums';
import { messages } from '../messages';

/**
 * The notification kinds, in the order the settings list them:
 * - `assignment-added`: a trainee was added to an Active assignment (or one they are on was published);
 * - `due-reminder`: two days before the due date while the trainee's answer is still Pending;
 * - `review-ready`: the trainee's answer was reviewed (written by the review call itself);
 * - `review-digest`: once a day, the answers submitted since the last digest that the reviewer may review;
 * - `content-review`: content of the organization was sent for approval (Managers; general content: Admins);
 * - `content-decision`: the user's content was returned to Draft (with the reason) or approved.
 */
export const notificationKinds = [
  'assignment-added',
  'due-reminder',
  'review-ready',
  'review-digest',
  'content-review',
  'content-decision',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The kinds a user of `roleId` receives (and may turn off). */
export function notificationKindsFor(roleId: RoleId): readonly NotificationKind[] {
  switch (roleId) {
    case Role.Trainee:
      return ['assignment-added', 'due-reminder', 'review-ready'];
    case Role.Instructor:
      return ['review-digest', 'content-decision'];
    case Role.Manager:
      return ['review-digest', 'content-review', 'content-decision'];
    case Role.Admin:
      return ['content-review', 'content-decision'];
    default:
      return [];
  }
}

/** One kind and whether the user receives it. */
export const notificationSettingSchema = z.object({
  kind: z.literal(notificationKinds, { error: messages.notificationKindInvalid }),
  enabled: z.boolean({ error: messages.validationFailed }),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** The answer of GET and PUT: every kind of the user's role, in `notificationKinds` order. */
export const notificationSettingsSchema = z.object({
  settings: z.array(notificationSettingSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT body: the kinds to change (each at most once; others are kept). */
export const notificationSettingsBodySchema = z.object({
  settings: z
    .array(notificationSettingSchema, { error: messages.validationFailed })
    .max(notificationKinds.length, { error: messages.validationFailed })
    .refine((list) => new Set(list.map((s) => s.kind)).size === list.length, {
      error: messages.validationFailed,
    }),
});
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;
