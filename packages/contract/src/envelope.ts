/**
 * The response envelope of every API answer (000 §7, decisions.md#api):
 * `{success, message, data, error}`; lists carry `data.list` and `data.count`.
 */
import { z } from 'zod';

/** One field-level problem of a validation error; `path` is dot-joined (e.g. `contact.email`). */
export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** Machine-readable error codes; the HTTP status carries the same meaning. */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_LARGE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The envelope around `data`. `error` is null on success. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    data,
    error: errorBodySchema.nullable(),
  });
}

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
  error: ErrorBody | null;
}

/** A list answer: one page of rows and the total count over all pages. */
export function listSchema<T extends z.ZodType>(row: T) {
  return z.object({ list: z.array(row), count: z.number().int().nonnegative() });
}

export interface ListData<T> {
  list: T[];
  count: number;
}
