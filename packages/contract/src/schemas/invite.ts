/**
 * Invites and invite registration (000 §2.7, §3, §4, §5, §7 'Invites'; decisions.md seats and tokens).
 */
import { z } from 'zod';
import { inviteBatchMaxRows } from '../constants';
import { Role } from '../enums';
import { messages } from '../messages';
import { emailSchema, idSchema, passwordSchema, requiredText } from './common';
import { firstNameSchema, lastNameSchema, withRepeatPassword } from './user';

/** 000 §2.7: roles an invite may carry (admin excluded). */
export const invitableRoleIds = [Role.Trainee, Role.Instructor, Role.Manager] as const;
/** 000 §2.7: roles for which the optional group is offered (not manager, not admin). */
export const groupableInviteRoleIds = [Role.Trainee, Role.Instructor] as const;

/**
 * POST /invites body and the Invite Member form: 'First name is required!',
 * 'Last name is required!', 'Email is required!'; role Trainee/Instructor/Manager
 * ('Admins cannot be invited.'); optional group, only for trainees and instructors.
 * Who may invite which role is the policy's `invite:create`, not this schema.
 */
export const inviteBodySchema = z
  .object({
    organizationId: idSchema,
    roleId: z.literal(invitableRoleIds, { error: messages.adminNotInvitable }),
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    groupId: idSchema.nullable().optional(),
  })
  .refine(
    (v) => v.groupId == null || (groupableInviteRoleIds as readonly number[]).includes(v.roleId),
    { error: messages.groupNotOfferedForRole, path: ['groupId'] },
  );
export type InviteBody = z.infer<typeof inviteBodySchema>;

/** POST /invites/accept body (000 §7): names, the read-only email, the token and a password. */
export const inviteAcceptBodySchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  token: requiredText(messages.inviteInvalid, 512),
  password: passwordSchema,
});
export type InviteAcceptBody = z.infer<typeof inviteAcceptBodySchema>;

/** 000 §2.7 / §5: the invite registration form: first name, last name, password, repeat password. */
export const inviteRegistrationFormSchema = withRepeatPassword(
  z.object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    password: passwordSchema,
    repeatPassword: z.string({ error: messages.repeatPasswordMismatch }),
  }),
);

/** 000 §3 'Invite' as the API returns it. `token` is present only where the caller may copy the link. */
export const inviteSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roleId: z.literal(invitableRoleIds),
  organizationId: z.number().int().positive(),
  groupId: z.number().int().positive().nullable(),
  token: z.string().nullable().optional(),
  expirationDate: z.string(),
});

/**
 * 000 §2.7 / §4: an invite is expired when its expiration date is before the start of today
 * (local time of `now`); otherwise it is pending.
 */
export function isInviteExpired(expirationDate: string | Date, now: Date = new Date()): boolean {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return new Date(expirationDate).getTime() < startOfToday.getTime();
}

/**
 * An invite as staff see it (GET /organizations/{id}/invites, GET /invites/{id}, the answers of
 * create and re-send): the invite plus its role label, group, sender and `expired` — true once its
 * expiration date has passed, when its links stop working (the console may still apply 000 §2.7's
 * day rule with `isInviteExpired`). `token` is present only in the answer of POST /invites.
 */
export const inviteItemSchema = inviteSchema.extend({
  role: z.string(),
  group: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
  createdById: z.number().int().positive().nullable(),
  createdAt: z.string(),
  expired: z.boolean(),
});
export type InviteItem = z.infer<typeof inviteItemSchema>;

/**
 * GET /invites/{token} (no session): what the registration page (000 §2.7) shows of a pending,
 * unexpired invite.
 */
export const invitePublicSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roleId: z.literal(invitableRoleIds),
  organizationId: z.number().int().positive(),
  organizationName: z.string(),
  expirationDate: z.string(),
});
export type InvitePublic = z.infer<typeof invitePublicSchema>;

/** POST /invites/{id}/link answer: a fresh registration link (only token hashes are stored). */
export const inviteLinkSchema = z.object({ token: z.string(), url: z.string() });
export type InviteLink = z.infer<typeof inviteLinkSchema>;

/**
 * One row of a CSV import of invites (decisions.md#insights-and-administration §2): an invite of the batch's organization, with the
 * same rules and messages as POST /invites ('First name is required!', 'Email is required!', …;
 * 'Admins cannot be invited.' for the Admin role, 'Role must be Trainee, Instructor or Manager.' for
 * any other role id).
 * The console maps the file's role and group names to `roleId` and `groupId` first.
 */
export const inviteBatchRowSchema = z
  .object({
    roleId: z.literal(invitableRoleIds, {
      error: (issue) =>
        issue.input === Role.Admin ? messages.adminNotInvitable : messages.importRoleInvalid,
    }),
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    groupId: idSchema.nullable().optional(),
  })
  .refine(
    (v) => v.groupId == null || (groupableInviteRoleIds as readonly number[]).includes(v.roleId),
    { error: messages.groupNotOfferedForRole, path: ['groupId'] },
  );
export type InviteBatchRow = z.infer<typeof inviteBatchRowSchema>;

/**
 * POST /invites/batch body (decisions.md#insights-and-administration §2): 1 to `inviteBatchMaxRows` rows for one organization, no
 * email twice (compared ignoring case). `dryRun` answers what sending would do and writes nothing
 * (the import's preview).
 */
export const inviteBatchBodySchema = z.object({
  organizationId: idSchema,
  dryRun: z.boolean().optional(),
  rows: z
    .array(inviteBatchRowSchema, { error: messages.importRowsRequired })
    .min(1, { error: messages.importRowsRequired })
    .max(inviteBatchMaxRows, { error: messages.importRowsTooMany }),
});
export type InviteBatchBody = z.infer<typeof inviteBatchBodySchema>;

/**
 * What the batch does with a row: `create` a new invite; `resend` the organization's pending
 * invite for that email (renewed 7 days, a new link, the mail again: sending a file twice never
 * duplicates); `skip` an email that is already a user's (`reason` says so).
 */
export const inviteBatchRowStatuses = ['create', 'resend', 'skip'] as const;
export type InviteBatchRowStatus = (typeof inviteBatchRowStatuses)[number];

/**
 * POST /invites/batch answer: per row (`index`, 0-based in the body's rows) its status and, once
 * sent, its invite's id; the counts; and the trainee seats the batch needs (new trainee invites and
 * expired trainee invites renewed) against those free before it. A batch whose trainee rows need
 * more seats than are free is refused whole (409, messages.importSeatsExceeded, nothing written).
 */
export const inviteBatchResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      email: z.string(),
      status: z.enum(inviteBatchRowStatuses),
      reason: z.string().nullable(),
      inviteId: z.number().int().positive().nullable(),
    }),
  ),
  created: z.number().int().nonnegative(),
  resent: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  seats: z.object({
    free: z.number().int().nonnegative(),
    needed: z.number().int().nonnegative(),
  }),
});
export type InviteBatchResult = z.infer<typeof inviteBatchResultSchema>;
