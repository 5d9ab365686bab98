/**
 * API tokens of an organization's systems (decisions.md#api-tokens): the create form, the token
 * as listed (never the secret) and the create answer, which carries the secret once.
 */
import { z } from 'zod';
import { apiTokenExpiryDaysMax, apiTokenNameMaxLength } from '../constants';
import { integrationMessages } from '../integration-messages';
import { messages } from '../messages';
import { apiTokenScopes } from '../policy/api-token-scopes';
import { idSchema, requiredText, wholeNumber } from './common';

/** One scope of the closed list; anything else is 'This scope does not exist.'. */
export const apiTokenScopeSchema = z.enum(apiTokenScopes, {
  error: integrationMessages.apiTokenScopeInvalid,
});

/**
 * POST /organizations/{id}/api-tokens body and the create dialog: a name, at least one distinct
 * scope, and optionally the days (1 to 365) until it expires; without them it never expires.
 */
export const createApiTokenBodySchema = z.object({
  name: requiredText(
    integrationMessages.apiTokenNameRequired,
    apiTokenNameMaxLength,
    messages.nameTooLong,
  ),
  scopes: z
    .array(apiTokenScopeSchema, { error: integrationMessages.apiTokenScopesRequired })
    .min(1, { error: integrationMessages.apiTokenScopesRequired })
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: wholeNumber(integrationMessages.apiTokenExpiryInvalid, {
    min: 1,
    max: apiTokenExpiryDaysMax,
  })
    .nullable()
    .optional(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;

/** Path of DELETE /organizations/{id}/api-tokens/{tokenId}. */
export const apiTokenParamSchema = z.object({ id: idSchema, tokenId: idSchema });

/** A token as listed: never the secret, only its first characters (`prefix`). Times are ISO 8601. */
export const apiTokenSchema = z.object({
  id: z.number().int().positive(),
  organizationId: z.number().int().positive(),
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  prefix: z.string(),
  createdBy: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** GET /organizations/{id}/api-tokens: the organization's tokens not revoked, newest first. */
export const apiTokenListSchema = z.object({
  list: z.array(apiTokenSchema),
  count: z.number().int().nonnegative(),
});
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The create answer: the token and its secret `token` (`pra_…`), shown this once and never again. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
