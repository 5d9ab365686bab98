/**
 * Who may read `/metrics` (operations.md 'Metrics'), decided from the socket and the
 * `Authorization` header only (X-Forwarded-For and the proxy settings are not consulted, a client
 * can write those):
 *
 * - a request with `Authorization: Bearer <METRICS_TOKEN>` (when the token is set), in any
 *   environment and from any address;
 * - outside production, a loopback client without a token — the dev mailbox's rule
 *   (`isLoopbackAddress` of lib/loopback.ts);
 * - anyone else is refused: 401 when a token is set (the scraper's credentials are wrong), else
 *   the 404 of a missing route (production without METRICS_TOKEN serves no metrics at all).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { messages } from '@practica/contract';
import { NotFoundError, UnauthorizedError } from '../../errors.js';
import { isLoopbackAddress } from '../../lib/loopback.js';

/** What the access rule needs: the environment and the configured token. */
export interface MetricsAccessOptions {
  /** NODE_ENV=production: loopback clients need the token too. */
  production: boolean;
  /** METRICS_TOKEN; undefined: no bearer token opens `/metrics`. */
  token: string | undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Answers when `request` may read the metrics; throws `UnauthorizedError` (a token is set and the
 * request does not carry it) or `NotFoundError` (no token set) otherwise — see the module note.
 */
export function checkMetricsAccess(request: FastifyRequest, options: MetricsAccessOptions): void {
  const { production, token } = options;
  if (token && bearerMatches(request.headers.authorization, token)) return;
  if (!production && isLoopbackAddress(request.raw.socket.remoteAddress)) return;
  if (token) throw new UnauthorizedError(messages.unauthorized);
  throw new NotFoundError();
}
