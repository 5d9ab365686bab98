/**
 * Which errors mean "the database cannot be reached right now": the
 * error handler answers them 503 UNAVAILABLE with Retry-After instead of 500, so a database restart
 * shows as a short, retryable outage. Decided by class and code, never by message:
 *
 * - `DatabaseUnavailableError` (db/client.ts: the pool could not hand out a connection);
 * - a network error code (ECONNREFUSED, ECONNRESET …) anywhere in the `cause` chain;
 * - a SQLSTATE of a server going away or not accepting connections: class 08 (connection
 *   exception), 57P01–57P03 (shutdown, crash, cannot connect now), 53300 (too many connections);
 * - a plain `Error` without a code under Drizzle's `DrizzleQueryError`: the driver lost the
 *   connection before the server answered (pg reports what the server says as `DatabaseError`
 *   with a SQLSTATE, and bad parameters as `TypeError`).
 */
import { DrizzleQueryError } from 'drizzle-orm';
import { DatabaseUnavailableError } from '../db/client.js';

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** True when `error` (or one of its causes) says the database is unreachable or going away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  let underQuery = false;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (networkCodes.has(code)) return true;
      if (code.startsWith('08') || unavailableSqlStates.has(code)) return true;
      return false;
    }
    if (underQuery && current.constructor === Error) return true;
    if (current instanceof DrizzleQueryError) underQuery = true;
    current = current.cause;
  }
  return false;
}
