/**
 * Sign-in and session (000 §2.3, §3, §5, §7 'Session and users'; decisions.md#api, 'Sessions and tokens').
 */
import { z } from 'zod';
import { emailMaxLength, loginPasswordMaxLength } from '../constants';
import { roleIds } from '../enums';
import { messages } from '../messages';
import { requiredText } from './common';

/**
 * POST /auth body. 000 §5: 'Email address is required!', 'Password is required!'.
 * The email is trimmed and lower-cased but not format-checked: a malformed one simply fails
 * with 'Email or Password is incorrect!'. The password is not trimmed.
 */
export const loginBodySchema = z.object({
  email: requiredText(
    messages.emailAddressRequired,
    emailMaxLength,
    messages.emailOrPasswordIncorrect,
  ).toLowerCase(),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired })
    .max(loginPasswordMaxLength, { error: messages.passwordTooLong }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** PUT /auth/reset-password?email= query (and the reset view's form): 'Email address is required!'. */
export const resetRequestSchema = z.object({
  email: requiredText(
    messages.emailAddressRequired,
    emailMaxLength,
    messages.emailInvalid,
  ).toLowerCase(),
});
export type ResetRequest = z.infer<typeof resetRequestSchema>;

/** A role id 1..4 (000 §3). */
export const roleIdSchema = z.literal(roleIds, { error: messages.roleInvalid });

/** 000 §3 'Logged-in user': what the console keeps in local storage under `user`. */
export const sessionUserSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: roleIdSchema,
  role: z.string(),
  organization: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
  organizationId: z.number().int().positive().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  creator: z.boolean(),
  imageUrl: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /auth answer data: the session user plus its bearer token (stored separately). */
export const loginAnswerSchema = sessionUserSchema.extend({ token: z.string() });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
