/**
 * Builders of the response envelope `{success, message, data, error}` (000 §7, DECISIONS.md 'API').
 */
import type { Envelope, ErrorBody } from '@practica/contract';

/** A success answer carrying `data`; `message` is the spec's success text where it gives one. */
export function ok<T>(data: T, message = 'OK'): Envelope<T> {
  return { success: true, message, data, error: null };
}

/** A failure answer; `data` is always null. */
export function fail(error: ErrorBody): Envelope<null> {
  return { success: false, message: error.message, data: null, error };
}
