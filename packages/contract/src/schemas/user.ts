/**
 * Users: profile, password, email change, add admin, user lists (000 §2.8, §2.9, §2.10, §3, §5, §7).
 */
import { z } from 'zod';
import { eraseConfirmationFallback, personNameMaxLength } from '../constants';
import { Existence } from '../enums';
import { messages } from '../messages';
import { roleIdSchema } from './auth';
import {
  emailSchema,
  idSchema,
  imageRefSchema,
  optionalPhoneSchema,
  pageQuerySchema,
  passwordSchema,
  requiredText,
  searchSchema,
  wholeNumber,
  wholeNumberList,
} from './common';

/** Required first name ('First name is required!'). */
export const firstNameSchema = requiredText(
  messages.firstNameRequired,
  personNameMaxLength,
  messages.nameTooLong,
);
/** Required last name ('Last name is required!'). */
export const lastNameSchema = requiredText(
  messages.lastNameRequired,
  personNameMaxLength,
  messages.nameTooLong,
);

/** The shape of a new password and its repeat; refine it with `withRepeatPassword`. */
export const passwordPairShape = {
  password: passwordSchema,
  repeatPassword: z.string({ error: messages.repeatPasswordMismatch }),
};

/**
 * Adds 000 §5's rule to an object schema holding `password` and `repeatPassword`:
 * the repeat must equal the password ("Repeat password doesn't matched with password!", on
 * `repeatPassword`). Apply it last: zod refuses to extend a refined object.
 */
export function withRepeatPassword<
  T extends z.ZodType<{ password?: string | undefined; repeatPassword?: string | undefined }>,
>(schema: T) {
  return schema.refine((v) => (v.password ?? '') === (v.repeatPassword ?? ''), {
    error: messages.repeatPasswordMismatch,
    path: ['repeatPassword'],
  });
}

/** 000 §2.8 / §2.10 and the password-reset page (000 §2.1): the new-password form (password + repeat). */
export const newPasswordFormSchema = withRepeatPassword(z.object(passwordPairShape));

/**
 * PUT /users/{id}/update-password body: the new password as `password` (the console) or as
 * `newPassword` (the spec's call shape, like the reset call); both given must be equal. Parses to
 * `{password}`.
 */
export const updatePasswordBodySchema = z
  .object({ password: passwordSchema.optional(), newPassword: passwordSchema.optional() })
  .refine((v) => v.password !== undefined || v.newPassword !== undefined, {
    error: messages.passwordRequired,
    path: ['password'],
  })
  .refine(
    (v) => v.password === undefined || v.newPassword === undefined || v.password === v.newPassword,
    { error: messages.validationFailed, path: ['newPassword'] },
  )
  .transform((v) => ({ password: (v.password ?? v.newPassword)! }));

/** PUT /users/reset-password/{token} body (000 §7). */
export const resetPasswordBodySchema = z.object({ newPassword: passwordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * PUT /users/{id} body (000 §7): names, optional phone (exactly 10 characters or empty → null),
 * optional image id (null removes the image) and an optional new password (4..14).
 */
export const updateUserBodySchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phoneNumber: optionalPhoneSchema,
  imageId: idSchema.nullable().optional(),
  password: passwordSchema.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/**
 * The settings / user-detail edit form (000 §2.8, §2.10): profile fields plus an optional new
 * password with its repeat. An empty password means 'unchanged'.
 */
export const profileFormSchema = withRepeatPassword(
  z.object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    phoneNumber: optionalPhoneSchema,
    password: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      passwordSchema.optional(),
    ),
    repeatPassword: z.string().optional(),
  }),
);

/** PUT /users/{id}/update-email body: the new address, which receives a confirmation link. */
export const updateEmailBodySchema = z.object({ email: emailSchema });
export type UpdateEmailBody = z.infer<typeof updateEmailBodySchema>;

/** 000 §2.9 'Add Admin' modal and POST /users?roleId= body: first name, last name, email. */
export const addAdminBodySchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
});
export type AddAdminBody = z.infer<typeof addAdminBodySchema>;
/**
 * POST /users?roleId= body: names and email, and — for a manager, instructor or trainee — the
 * `organizationId` the user joins (an admin has none: ignored for roleId=4).
 */
export const createUserBodySchema = addAdminBodySchema.extend({
  organizationId: idSchema.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** POST /users?roleId= query. */
export const createUserQuerySchema = z.object({
  roleId: wholeNumber(messages.roleInvalid).pipe(roleIdSchema),
});

/**
 * A `roles` query filter: `roles=1,3` or repeated `roles=1&roles=3`, each a role id 1..4.
 * Unknown values are a 400 ('Role is invalid!').
 */
export const rolesFilterSchema = wholeNumberList(roleIdSchema);

/** 000 §3 'Existence': the deleted filter, 0 Existing (default), 1 Deleted, 2 All. */
export const existenceSchema = wholeNumber(messages.validationFailed).pipe(
  z.literal([Existence.Existing, Existence.Deleted, Existence.All], {
    error: messages.validationFailed,
  }),
);

/** GET /users and GET /organizations/{id}/users query. */
export const userListQuerySchema = pageQuerySchema.extend({
  roles: rolesFilterSchema,
  search: searchSchema,
  deleted: existenceSchema.default(Existence.Existing),
  organizationId: idSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** 000 §3 'User' as the API returns it (never the password). */
export const userSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  roleId: roleIdSchema,
  role: z.string(),
  active: z.boolean(),
  creator: z.boolean(),
  image: imageRefSchema.nullable(),
  imageId: z.number().int().positive().nullable(),
  organizationId: z.number().int().positive().nullable(),
  deletedAt: z.string().nullable(),
  groups: z.array(z.object({ id: z.number().int().positive(), name: z.string() })).optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * 000 §5: the text an admin types to erase a user: the user's last name, or 'permanently delete'
 * when the user has none; compared ignoring case (and surrounding blanks).
 */
export function eraseConfirmationText(lastName: string | null | undefined): string {
  const name = lastName?.trim();
  return name ? name : eraseConfirmationFallback;
}

/** True when `typed` confirms erasing a user with this last name (000 §5). */
export function isEraseConfirmed(lastName: string | null | undefined, typed: string): boolean {
  return typed.trim().toLowerCase() === eraseConfirmationText(lastName).toLowerCase();
}
