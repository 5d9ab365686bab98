/**
 * Single sign-on with OpenID Connect, per organization (decisions.md#single-sign-on): the
 * settings form, the settings as answered (never the client secret, only whether one is set), the
 * connection test, the sign-in start and the error codes the callback hands to the sign-in page.
 */
import { z } from 'zod';
import { Role } from '../enums';
import { emailSchema, idSchema } from './common';

/** The roles a claim may map to (never Admin): Trainee 1, Instructor 2, Manager 3. */
export const ssoRoleIds = [Role.Trainee, Role.Instructor, Role.Manager] as const;

/** An issuer URL: https, or http for a loopback or test provider; at most 500 characters. */
const issuerSchema = z
  .string({ error: 'Enter the issuer URL.' })
  .trim()
  .max(500, { error: 'The issuer URL is too long.' })
  .refine((text) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/i.test(text), {
    error: 'Enter the issuer URL (https://…).',
  });

/** One email domain ('example.org'), lower-cased. */
const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: 'Enter email domains such as example.org.',
  });

/** One claim value → role row of the mapping. */
export const ssoRoleMapEntrySchema = z.object({
  value: z.string().trim().min(1, { error: 'Enter the claim value.' }).max(200),
  roleId: z.union(
    ssoRoleIds.map((id) => z.literal(id)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>],
    {
      error: 'Choose Trainee, Instructor or Manager.',
    },
  ),
});
export type SsoRoleMapEntry = z.infer<typeof ssoRoleMapEntrySchema>;

/**
 * PUT /organizations/{id}/sso body: issuer, client id, the client secret (omitted or empty: the
 * stored one is kept), the email domains that route to it (at most 20), whether just-in-time
 * accounts are allowed, and the optional claim → role mapping (`roleClaim` null: every JIT account
 * is a trainee).
 */
export const ssoSettingsBodySchema = z.object({
  issuer: issuerSchema,
  clientId: z
    .string({ error: 'Enter the client id.' })
    .trim()
    .min(1, { error: 'Enter the client id.' })
    .max(300, { error: 'The client id is too long.' }),
  clientSecret: z.string().max(1000, { error: 'The client secret is too long.' }).optional(),
  emailDomains: z.array(domainSchema).max(20, { error: 'At most 20 email domains.' }).default([]),
  jitEnabled: z.boolean().default(false),
  roleClaim: z.string().trim().max(200).nullable().default(null),
  roleMap: z.array(ssoRoleMapEntrySchema).max(50).default([]),
});
export type SsoSettingsBody = z.input<typeof ssoSettingsBodySchema>;

/** The settings as answered: the secret never, only `clientSecretSet`. Times ISO 8601. */
export const ssoSettingsSchema = z.object({
  organizationId: z.number().int().positive(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  emailDomains: z.array(z.string()),
  jitEnabled: z.boolean(),
  roleClaim: z.string().nullable(),
  roleMap: z.array(ssoRoleMapEntrySchema),
  redirectUri: z.string(),
  updatedAt: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** GET /organizations/{id}/sso: the settings, or `settings: null` when none are saved. */
export const ssoSettingsAnswerSchema = z.object({
  settings: ssoSettingsSchema.nullable(),
  redirectUri: z.string(),
});
export type SsoSettingsAnswer = z.infer<typeof ssoSettingsAnswerSchema>;

/** POST /organizations/{id}/sso/test body: the issuer whose discovery document is fetched. */
export const ssoTestBodySchema = z.object({ issuer: issuerSchema });

/** The connection test's answer: what the provider's discovery document says. */
export const ssoTestAnswerSchema = z.object({
  issuer: z.string(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
});
export type SsoTestAnswer = z.infer<typeof ssoTestAnswerSchema>;

/** GET /auth/sso/start query: an email (routed by its domain) or an organization id. */
export const ssoStartQuerySchema = z
  .object({ email: emailSchema.optional(), organization: idSchema.optional() })
  .refine((q) => q.email !== undefined || q.organization !== undefined, {
    error: 'Enter your email address.',
  });

/**
 * The error codes the callback (and start) redirect to the sign-in page with (`/login?sso_error=…`),
 * and what the page shows for each.
 */
export const ssoErrorMessages = {
  not_configured: 'Single sign-on is not set up for this email address.',
  provider_unavailable: 'Your organization’s sign-in service did not answer. Try again later.',
  flow_invalid: 'The sign-in could not be completed. Start again.',
  issuer_mismatch: 'Your organization’s sign-in service answered for another issuer.',
  email_unverified: 'Your sign-in service did not confirm your email address.',
  unknown_user: 'No account uses this email address. Ask your organization for an invite.',
  other_organization: 'This account belongs to another organization.',
  deactivated: 'This account is deactivated.',
  no_seats: 'Your organization has no trainee seats left. Ask your manager.',
} as const;
export type SsoErrorCode = keyof typeof ssoErrorMessages;
