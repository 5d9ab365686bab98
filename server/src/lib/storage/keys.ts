/**
 * Server-made storage keys (decisions.md#files): `yyyy/mm/<32 hex>.<ext>`. The 128 random bits
 * make a key unguessable; the serving URL `/files/<key>` is moreover signed and expires
 * (modules/files/url.ts), like an S3 presigned GET; the strict shape makes path traversal
 * impossible.
 */
import { randomBytes } from 'node:crypto';

const keyPattern = /^\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/** A new random key for a file of `extension` (lower case, no dot), dated `now` (UTC). Throws for a bad extension. */
export function newStorageKey(extension: string, now = new Date()): string {
  if (!/^[a-z0-9]{1,8}$/.test(extension)) throw new Error(`bad extension: ${extension}`);
  const yyyy = String(now.getUTCFullYear()).padStart(4, '0');
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${yyyy}/${mm}/${randomBytes(16).toString('hex')}.${extension}`;
}

/** True for a key of the shape `newStorageKey` makes, and only then. */
export function isStorageKey(key: string): boolean {
  return keyPattern.test(key);
}
