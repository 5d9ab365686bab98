/**
 * Building blocks shared by every resource schema: ids, paging, search, required texts,
 * email, password and phone (000 §5, 000 §9, DECISIONS.md 'API').
 */
import { z } from 'zod';
import {
  answersDefaultPageSize,
  defaultPage,
  defaultPageSize,
  emailMaxLength,
  maxId,
  pageSizeOptions,
  passwordMaxLength,
  passwordMinLength,
  phoneLength,
  searchMinLength,
  type PageSize,
} from '../constants';
import { messages } from '../messages';

/** A positive whole id up to {@link maxId} (the columns are 32-bit); coerces path and query strings ('12' → 12). 400 otherwise. */
export const idSchema = z.coerce
  .number({ error: messages.idInvalid })
  .int({ error: messages.idInvalid })
  .positive({ error: messages.idInvalid })
  .max(maxId, { error: messages.idInvalid });

/** Path parameter `{id}`. */
export const idParamSchema = z.object({ id: idSchema });
export type IdParam = z.infer<typeof idParamSchema>;

/** Body `{ids}` of the add/remove calls (groups, assignments): distinct positive ids. */
export const idsBodySchema = z.object({
  ids: z
    .array(
      z
        .number({ error: messages.idInvalid })
        .int()
        .positive({ error: messages.idInvalid })
        .max(maxId, { error: messages.idInvalid }),
    )
    .max(10_000)
    .transform((ids) => [...new Set(ids)]),
});
export type IdsBody = z.infer<typeof idsBodySchema>;

/** Path parameter `{token}` of the emailed links (invite, reset, email change). */
export const tokenParamSchema = z.object({
  token: z
    .string({ error: messages.invalidTokenTryAgain })
    .min(1, { error: messages.invalidTokenTryAgain })
    .max(512),
});
export type TokenParam = z.infer<typeof tokenParamSchema>;

/**
 * Paging query with a given default page size: `page` ≥ 1 (default 1), `pageSize` one of
 * 25 | 50 | 100. Any other value is a validation error (400), not silently clamped.
 */
export function pageQuery(defaultSize: PageSize = defaultPageSize) {
  return z.object({
    page: z.coerce
      .number({ error: messages.pageInvalid })
      .int({ error: messages.pageInvalid })
      .min(1, { error: messages.pageInvalid })
      .default(defaultPage),
    pageSize: z.coerce
      .number({ error: messages.pageSizeInvalid })
      .pipe(z.literal(pageSizeOptions, { error: messages.pageSizeInvalid }))
      .default(defaultSize),
  });
}

/** 000 §9: the paging query of every list (default page size 25). */
export const pageQuerySchema = pageQuery();
/** 001 §9: the paging query of the answers list (default page size 100). */
export const answersPageQuerySchema = pageQuery(answersDefaultPageSize);
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * 000 §5 / 001 §2: optional search text, trimmed; when present it needs at least 3 characters
 * ('Search text must be at least 3 characters long!'). An empty or blank text counts as absent.
 */
export const searchSchema = z
  .string()
  .trim()
  .refine((s) => s === '' || s.length >= searchMinLength, { error: messages.searchTooShort })
  .transform((s) => (s === '' ? undefined : s))
  .optional();

/**
 * A required, trimmed text: missing, non-string or blank gives `requiredMessage`.
 * `max`/`maxMessage` add an upper bound (message defaults to 'Text is too long!').
 */
export function requiredText(
  requiredMessage: string,
  max = 1000,
  maxMessage: string = messages.textTooLong,
) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(max, { error: maxMessage });
}

/**
 * A required email address, trimmed and lower-cased; `requiredMessage` when missing or blank
 * ('Email is required!' by default, 'Email address is required!' at sign-in), then
 * 'Email address is invalid!' for a malformed one.
 */
export function emailField(requiredMessage: string = messages.emailRequired) {
  return requiredText(requiredMessage, emailMaxLength, messages.emailInvalid)
    .toLowerCase()
    .pipe(z.email({ error: messages.emailInvalid }));
}

/** 000 §5: a required, well-formed email ('Email is required!'). */
export const emailSchema = emailField();

/**
 * 000 §5: a new password, 4 to 14 characters, not trimmed:
 * 'Password is required!' when missing, 'Password must be at least 4 characters long!',
 * 'Password must be at most 14 characters long!'.
 */
export const passwordSchema = z
  .string({ error: messages.passwordRequired })
  .min(passwordMinLength, { error: messages.passwordMinLength })
  .max(passwordMaxLength, { error: messages.passwordMaxLength });

/** 000 §5: a phone number of exactly 10 characters, trimmed ('Phone number is invalid!'). */
export const phoneSchema = z
  .string({ error: messages.phoneNumberInvalid })
  .trim()
  .length(phoneLength, { error: messages.phoneNumberInvalid });

/** An optional phone number: empty, blank or null becomes null; otherwise as `phoneSchema`. */
export const optionalPhoneSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  phoneSchema.nullable().optional(),
);

/** A stored image as the API returns it: `{id, url}`. */
export const imageRefSchema = z.object({ id: z.number().int().positive(), url: z.string() });
export type ImageRef = z.infer<typeof imageRefSchema>;

/** ISO-8601 timestamp as sent on the wire. */
export const isoDateTimeSchema = z.string();
