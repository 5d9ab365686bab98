/**
 * Builders of the response envelope `{success, message, data, error}` (000 §7, decisions.md#api).
 */
import type { Envelope, ErrorBody } from '@practica/contract';

/** A success answer carrying `data`; `message` is the spec's success text where it gives one. */
export function ok<T>(data: T, message = 'OK'): Envelope<T> {
  return { success: true, message, data, error: null };
}

/**
 * A failure answer; `data` is null unless the error carries some (a 409's current state, decisions.md#review-loop
 * §4).
 */
export function fail(error: ErrorBody, data: unknown = null): Envelope<unknown> {
  return { success: false, message: error.message, data, error };
}
