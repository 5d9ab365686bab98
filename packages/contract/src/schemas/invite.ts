/**
 * Invites and invite registration (000 §2.7, §3, §4, §5, §7 'Invites'; DECISIONS.md seats and tokens).
 */
import { z } from 'zod';
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
export type InviteRegistrationForm = z.infer<typeof inviteRegistrationFormSchema>;

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
export type Invite = z.infer<typeof inviteSchema>;

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
