/**
 * Emailed tokens (decisions.md#sessions-and-tokens): 256-bit random, URL-safe; only the SHA-256
 * hash is stored, so a database leak reveals no usable link.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new raw token (43 URL-safe characters) and its hash for storage. */
export function newEmailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashEmailToken(token) };
}

/** The stored form of a raw token: SHA-256, hex. */
export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
