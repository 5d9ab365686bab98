/**
 * Building blocks shared by every resource schema: ids, paging, search, required texts,
 * email, password and phone (000 §5, 000 §9, decisions.md#api).
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

/**
 * The error map of every request parse: an issue whose schema gives no message of
 * its own answers 'Please correct the highlighted fields.' instead of zod's default text ('Invalid
 * input: expected number, received NaN', 'Too big: expected …'); schema messages still win. Use as
 * `schema.safeParse(data, { error: humanIssueMessage })`.
 */
export function humanIssueMessage(): string {
  return messages.validationFailed;
}

/** A whole number as a path or query carries it: decimal digits only, no sign, space or leading zero. */
const plainDigits = /^(?:0|[1-9][0-9]{0,15})$/;

/**
 * `text` as a whole number when it is written plainly ('12' → 12), NaN otherwise ('0x2', ' 2',
 * '2.0', '+2', '2e0', '02', ''): the strict replacement of `Number(text)` for ids and enum ids
 * read from a path or a query.
 */
export function toWholeNumber(text: string): number {
  return plainDigits.test(text) ? Number(text) : Number.NaN;
}

/**
 * A whole number from min to max (default 0 to 2^53−1): a JSON number, or a string of plain decimal
 * digits as paths and queries carry it ('12' → 12). Every refusal ('0x2', ' 2', '2.0', '+2',
 * '2e0', '1.5', an array …) answers `message`, never a raw validator text. The one way paths and
 * queries read numbers (ids, page, enum ids); replaces `z.coerce.number()`, which took all of those.
 */
export function wholeNumber(
  message: string,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
) {
  return z
    .union(
      [
        z.number({ error: message }),
        z
          .string({ error: message })
          .regex(plainDigits, { error: message })
          .transform((text) => Number(text)),
      ],
      { error: message },
    )
    .pipe(
      z
        .number({ error: message })
        .int({ error: message })
        .min(min, { error: message })
        .max(max, { error: message }),
    );
}

/**
 * The items of a query list sent comma-joined (`a,b`), repeated (`[a, b]`) or both: each trimmed,
 * blank ones skipped. The one split of every list parameter (number filters, `includes`).
 */
function listItems(value: string | number | readonly (string | number)[]): string[] {
  return (Array.isArray(value) ? value : [value])
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * An optional query filter of whole numbers, comma-joined (`status=3,5`), repeated
 * (`status=3&status=5`) or both: blank items are skipped, each item must be written plainly (see
 * {@link toWholeNumber}) and pass `item`, whose message answers a wrong one ('0x3', '3.0').
 */
export function wholeNumberList<T extends z.ZodType<unknown, number>>(item: T) {
  const entry = z.union([z.string(), z.number()], { error: messages.validationFailed });
  return z
    .union([entry, z.array(entry)], { error: messages.validationFailed })
    .transform((v) => listItems(v).map(toWholeNumber))
    .pipe(z.array(item))
    .optional();
}

/** A positive whole id up to {@link maxId} (the columns are 32-bit), as {@link wholeNumber} reads it ('12' → 12). 400 'Id must be a positive whole number!' otherwise. */
export const idSchema = wholeNumber(messages.idInvalid, { min: 1, max: maxId });

/** Path parameter `{id}`. */
export const idParamSchema = z.object({ id: idSchema });

/** Body `{ids}` of the add/remove calls (groups, assignments): distinct positive ids. */
export const idsBodySchema = z.object({
  ids: z
    .array(
      z
        .number({ error: messages.idInvalid })
        .int({ error: messages.idInvalid })
        .positive({ error: messages.idInvalid })
        .max(maxId, { error: messages.idInvalid }),
      { error: messages.validationFailed },
    )
    .max(10_000, { error: messages.validationFailed })
    .transform((ids) => [...new Set(ids)]),
});

/** Path parameter `{token}` of the emailed links (invite, reset, email change). */
export const tokenParamSchema = z.object({
  token: z
    .string({ error: messages.invalidTokenTryAgain })
    .min(1, { error: messages.invalidTokenTryAgain })
    .max(512, { error: messages.invalidTokenTryAgain }),
});

/** `page`: a whole number ≥ 1 ('Page must be 1 or more!'). */
export const pageSchema = wholeNumber(messages.pageInvalid, { min: 1 });

/** `pageSize`: 25, 50 or 100 ('Page size must be 25, 50 or 100!'). */
export const pageSizeSchema = wholeNumber(messages.pageSizeInvalid).pipe(
  z.literal(pageSizeOptions, { error: messages.pageSizeInvalid }),
);

/**
 * Paging query with a given default page size: `page` ≥ 1 (default 1), `pageSize` one of
 * 25 | 50 | 100. Any other value is a validation error (400), not silently clamped.
 */
export function pageQuery(defaultSize: PageSize = defaultPageSize) {
  return z.object({
    page: pageSchema.default(defaultPage),
    pageSize: pageSizeSchema.default(defaultSize),
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
 * Characters no name, title or email may hold: the C0 controls U+0000–U+001F (CR,
 * LF and TAB among them), DEL and the C1 controls U+007F–U+009F, the line and paragraph separators
 * U+2028–U+2029, and the bidirectional embeddings, overrides and isolates U+202A–U+202E and
 * U+2066–U+2069. Names reach mail headers and bodies, where a line break forges a header and an
 * override reverses what the reader sees.
 */
const singleLineForbidden =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/;

/**
 * Characters a multi-line text (descriptions, question texts, review answers) may not hold: the
 * same as for names except TAB, LF and CR (U+0009, U+000A, U+000D) and the line and paragraph
 * separators, which a text area legitimately produces.
 */
const multiLineForbidden =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$/;

/** Options of {@link optionalText} and {@link requiredText}. */
export interface TextOptions {
  /** Upper bound after trimming (default 1000). */
  max?: number;
  /** The message over `max` (default 'Text is too long!'). */
  maxMessage?: string;
  /** Allow TAB, LF and CR (descriptions, question texts, answers); names and titles never do. */
  multiline?: boolean;
}

/**
 * A trimmed text that may be blank: `typeMessage` when not a string, then the control-character
 * rule checked on the text as sent (before trimming; see `singleLineForbidden` and
 * `multiLineForbidden`: 'Text must not contain line breaks or invisible control characters!' or
 * 'Text must not contain invisible control characters!'), then `max`. The base of every free text.
 */
export function optionalText(
  typeMessage: string,
  { max = 1000, maxMessage = messages.textTooLong, multiline = false }: TextOptions = {},
) {
  return z
    .string({ error: typeMessage })
    .regex(multiline ? multiLineForbidden : singleLineForbidden, {
      error: multiline ? messages.textHasControlCharacters : messages.lineHasControlCharacters,
    })
    .trim()
    .max(max, { error: maxMessage });
}

/**
 * A required, trimmed, single-line text (a name, a title, an email): missing, non-string or blank
 * gives `requiredMessage`; a line break or another control character gives 'Text must not contain
 * line breaks or invisible control characters!'; `max`/`maxMessage` bound it (message defaults to
 * 'Text is too long!').
 */
export function requiredText(
  requiredMessage: string,
  max = 1000,
  maxMessage: string = messages.textTooLong,
) {
  return optionalText(requiredMessage, { max, maxMessage }).min(1, {
    error: requiredMessage,
    abort: true,
  });
}

/**
 * A required, trimmed, multi-line text (a description): as {@link requiredText}, except that TAB,
 * LF and CR are kept; other controls and the bidirectional overrides give 'Text must not contain
 * invisible control characters!'.
 */
export function requiredMultilineText(
  requiredMessage: string,
  max = 1000,
  maxMessage: string = messages.textTooLong,
) {
  return optionalText(requiredMessage, { max, maxMessage, multiline: true }).min(1, {
    error: requiredMessage,
    abort: true,
  });
}

/**
 * A required email address, trimmed and lower-cased; `requiredMessage` when missing or blank
 * ('Email is required!' by default, 'Email address is required!' at sign-in), a control character
 * as in {@link requiredText}, then 'Email address is invalid!' for a malformed one.
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

/** 000 §5: a phone number of exactly 10 characters, trimmed, without control characters ('Phone number is invalid!'). */
export const phoneSchema = z
  .string({ error: messages.phoneNumberInvalid })
  .regex(singleLineForbidden, { error: messages.phoneNumberInvalid, abort: true })
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

/**
 * An enumeration id from a query or path string (001 §7 call tables), given as its number written
 * plainly ('1'; not ' 1', '01' or '1.0', see {@link toWholeNumber}) or
 * as one of `words` (case-insensitive, trimmed): e.g. `typeId=avatar` for 1, `authoring=assigned`
 * for 2. Takes the accepted ids and the words; anything else is a 400 with `message`.
 */
export function enumParamSchema<const T extends readonly [number, ...number[]]>(
  ids: T,
  words: Readonly<Record<string, T[number]>>,
  message: string = messages.validationFailed,
) {
  const byWord = new Map<string, number>(Object.entries(words));
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => {
      if (typeof v === 'number') return v;
      const text = v.trim().toLowerCase();
      return byWord.get(text) ?? toWholeNumber(v);
    })
    .pipe(z.literal(ids, { error: message }));
}

/**
 * A list query parameter sent comma-joined (`?includes=a,b`), repeated (`?includes=a&includes=b`)
 * or both (000 §7, 001 §7 `includes`): the trimmed, lower-cased, non-blank names; at most 20
 * values of 100 characters each. `queryNamesSchema` is the optional parameter.
 */
export const queryNamesListSchema = z
  .union([z.string().max(100), z.array(z.string().max(100)).max(20)], {
    error: messages.validationFailed,
  })
  .transform((v) => listItems(v).map((s) => s.toLowerCase()));
export const queryNamesSchema = queryNamesListSchema.optional();
