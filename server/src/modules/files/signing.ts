/**
 * Signed upload URLs of our own storage (DECISIONS.md 'Files'): `PUT /files/upload/<key>?expires=
 * &signature=`, where `expires` is a Unix time in seconds and `signature` is base64url
 * HMAC-SHA256 over `PUT\n<key>\n<expires>` with a key derived from JWT_SECRET (HKDF, its own
 * purpose label, so an upload signature is never a session signature).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Path prefix of the signed PUT (outside /api, like a storage endpoint). */
export const uploadPathPrefix = '/files/upload/';

export interface UploadSigner {
  /** The relative signed URL for `key`, valid until `nowMs + lifetimeMs` (milliseconds). */
  sign(key: string, nowMs?: number): string;
  /**
   * True when `signature` was made by `sign` for this key and `expires` (seconds) is not past.
   * Never throws; any malformed input is false.
   */
  verify(key: string, expires: unknown, signature: unknown, nowMs?: number): boolean;
}

/** A signer keyed from `secret` (JWT_SECRET); URLs live `lifetimeMs` milliseconds. */
export function createUploadSigner(secret: string, lifetimeMs: number): UploadSigner {
  const key = Buffer.from(
    hkdfSync('sha256', secret, 'practica', 'practica/file-upload-url/v1', 32),
  );
  const mac = (storageKey: string, expires: number) =>
    createHmac('sha256', key).update(`PUT\n${storageKey}\n${expires}`).digest();
  return {
    sign(storageKey, nowMs = Date.now()) {
      const expires = Math.floor((nowMs + lifetimeMs) / 1000);
      const signature = mac(storageKey, expires).toString('base64url');
      return `${uploadPathPrefix}${storageKey}?expires=${expires}&signature=${signature}`;
    },
    verify(storageKey, expires, signature, nowMs = Date.now()) {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
      if (typeof signature !== 'string' || !/^[\w-]{43}$/.test(signature)) return false;
      const exp = Number(expires);
      if (exp * 1000 < nowMs) return false;
      // Compare the canonical text: base64 leaves spare bits in the last character.
      const given = Buffer.from(signature);
      const wanted = Buffer.from(mac(storageKey, exp).toString('base64url'));
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    },
  };
}
