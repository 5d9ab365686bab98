/**
 * Single sign-on with OpenID Connect or SAML 2.0, per organization (decisions.md#single-sign-on):
 * the settings form, the settings as answered (never the client secret, only whether one is set),
 * our SAML service provider's URLs, the connection test, the sign-in start and the error codes the
 * callback hands to the sign-in page.
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

/** The protocols an organization's identity provider may speak. */
export const ssoProtocols = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof ssoProtocols)[number];

/** What both protocols share: routed email domains, just-in-time accounts, the role mapping. */
const ssoSharedBodyFields = {
  emailDomains: z.array(domainSchema).max(20, { error: 'At most 20 email domains.' }).default([]),
  jitEnabled: z.boolean().default(false),
  roleClaim: z.string().trim().max(200).nullable().default(null),
  roleMap: z.array(ssoRoleMapEntrySchema).max(50).default([]),
};

/** The OpenID Connect form: issuer, client id, the client secret (omitted or empty: kept). */
const ssoOidcBodySchema = z.object({
  protocol: z.literal('oidc').default('oidc'),
  issuer: issuerSchema,
  clientId: z
    .string({ error: 'Enter the client id.' })
    .trim()
    .min(1, { error: 'Enter the client id.' })
    .max(300, { error: 'The client id is too long.' }),
  clientSecret: z.string().max(1000, { error: 'The client secret is too long.' }).optional(),
  ...ssoSharedBodyFields,
});

/** One attribute name of the SAML assertion ('' : not sent). */
const samlAttributeSchema = z
  .string()
  .trim()
  .max(300, { error: 'The attribute name is too long.' });

/** One PEM certificate (the identity provider's signing certificate; the server parses it). */
const samlCertificateSchema = z
  .string()
  .trim()
  .max(20_000, { error: 'The certificate is too long.' })
  .regex(/^-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----$/, {
    error: 'Paste the certificate as PEM (-----BEGIN CERTIFICATE----- …).',
  });

/**
 * The SAML 2.0 form: the identity provider's entity id and single sign-on URL (https, or http on
 * a loopback address), its signing certificates (1–5, PEM, for a rollover), and the attribute
 * names of email (empty: the NameID), first and last name. `roleClaim` names the role attribute.
 */
const ssoSamlBodySchema = z.object({
  protocol: z.literal('saml'),
  samlIdpEntityId: z
    .string({ error: 'Enter the identity provider’s entity id.' })
    .trim()
    .min(1, { error: 'Enter the identity provider’s entity id.' })
    .max(500, { error: 'The entity id is too long.' })
    .regex(/^\S+$/, { error: 'The entity id has no spaces.' }),
  samlSsoUrl: z
    .string({ error: 'Enter the identity provider’s single sign-on URL.' })
    .trim()
    .max(1000, { error: 'The single sign-on URL is too long.' })
    .refine((text) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/i.test(text), {
      error: 'Enter the single sign-on URL (https://…).',
    }),
  samlCertificates: z
    .array(samlCertificateSchema, { error: 'Paste the identity provider’s signing certificate.' })
    .min(1, { error: 'Paste the identity provider’s signing certificate.' })
    .max(5, { error: 'At most 5 certificates.' }),
  samlAttributes: z
    .object({
      email: samlAttributeSchema.default(''),
      firstName: samlAttributeSchema.default(''),
      lastName: samlAttributeSchema.default(''),
    })
    .default({ email: '', firstName: '', lastName: '' }),
  ...ssoSharedBodyFields,
});

/**
 * PUT /organizations/{id}/sso body, by `protocol` (omitted: 'oidc'). Both carry the email domains
 * that route to it (at most 20), whether just-in-time accounts are allowed, and the optional
 * claim (SAML: attribute) → role mapping (`roleClaim` null: every JIT account is a trainee).
 * Saving one protocol keeps the other's stored fields, so switching back needs no retyping.
 */
export const ssoSettingsBodySchema = z.discriminatedUnion(
  'protocol',
  [ssoOidcBodySchema, ssoSamlBodySchema],
  { error: 'Choose OpenID Connect or SAML.' },
);
export type SsoSettingsBody = z.input<typeof ssoSettingsBodySchema>;
/** The body after validation (defaults filled in). */
export type SsoSettingsValues = z.output<typeof ssoSettingsBodySchema>;

/** Our SAML service provider for one organization: what its identity provider's admin enters. */
export const samlServiceProviderSchema = z.object({
  entityId: z.string(),
  acsUrl: z.string(),
  metadataUrl: z.string(),
});
export type SamlServiceProvider = z.infer<typeof samlServiceProviderSchema>;

/** The settings as answered: the secret never, only `clientSecretSet`. Times ISO 8601. */
export const ssoSettingsSchema = z.object({
  organizationId: z.number().int().positive(),
  protocol: z.enum(ssoProtocols),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  emailDomains: z.array(z.string()),
  jitEnabled: z.boolean(),
  roleClaim: z.string().nullable(),
  roleMap: z.array(ssoRoleMapEntrySchema),
  samlIdpEntityId: z.string().nullable(),
  samlSsoUrl: z.string().nullable(),
  samlCertificates: z.array(z.string()),
  samlAttributes: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
  redirectUri: z.string(),
  updatedAt: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/**
 * GET /organizations/{id}/sso: the settings, or `settings: null` when none are saved; the OpenID
 * Connect redirect URI and our SAML service provider's URLs, to enter at the provider.
 */
export const ssoSettingsAnswerSchema = z.object({
  settings: ssoSettingsSchema.nullable(),
  redirectUri: z.string(),
  samlServiceProvider: samlServiceProviderSchema,
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
  response_invalid:
    'Your organization’s sign-in service sent an answer that could not be verified. Ask your administrator to check the single sign-on settings.',
} as const;
export type SsoErrorCode = keyof typeof ssoErrorMessages;
