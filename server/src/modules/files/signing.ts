/**
 * Signed URLs of our own storage (decisions.md#files). One scheme for both
 * directions: `expires` is a Unix time in seconds and `signature` is base64url HMAC-SHA256 over
 * `<METHOD>\n<key>\n<expires>` with a key derived from JWT_SECRET (HKDF, its own purpose label, so
 * a file signature is never a session signature, and the method in the text keeps a read URL from
 * being usable as an upload URL and back).
 *
 * - Upload: `PUT /files/upload/<key>?expires=&signature=`, valid `lifetimeMs` (15 minutes).
 * - Read: `GET /files/<key>?expires=&signature=`, valid at least `lifetimeMs` (one hour by
 *   default, FILE_URL_LIFETIME_MINUTES) and at most a quarter more: the expiry is rounded up to a
 *   window of a quarter of the lifetime, so every answer within one window hands out the same URL
 *   and browser caches keep working.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Path prefix of the signed PUT (outside /api, like a storage endpoint). */
export const uploadPathPrefix = '/files/upload/';
/** Path prefix of the signed GET that serves a stored file. */
export const readPathPrefix = '/files/';

export interface UploadSigner {
  /** The relative signed URL for `key`, valid until `nowMs + lifetimeMs` (milliseconds). */
  sign(key: string, nowMs?: number): string;
  /**
   * True when `signature` was made by `sign` for this key and `expires` (seconds) is not past.
   * Never throws; any malformed input is false.
   */
  verify(key: string, expires: unknown, signature: unknown, nowMs?: number): boolean;
}

export interface ReadSigner extends UploadSigner {
  /** The expiry (Unix seconds) that `sign(key, nowMs)` puts in the URL: the end of the window. */
  expiresAt(nowMs?: number): number;
}

type Method = 'GET' | 'PUT';

/** Most read URLs a signer keeps for its current window (about 200 bytes each). */
const readMemoLimit = 50_000;

/** The HMAC of one method under the key derived from `secret`. */
function macOf(secret: string, method: Method) {
  const key = Buffer.from(
    hkdfSync('sha256', secret, 'practica', 'practica/file-upload-url/v1', 32),
  );
  return (storageKey: string, expires: number) =>
    createHmac('sha256', key).update(`${method}\n${storageKey}\n${expires}`).digest();
}

/** Checks `expires`/`signature` as given in a query (strings) against `mac`; never throws. */
function verifyWith(
  mac: (storageKey: string, expires: number) => Buffer,
  storageKey: string,
  expires: unknown,
  signature: unknown,
  nowMs: number,
): boolean {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
  if (typeof signature !== 'string' || !/^[\w-]{43}$/.test(signature)) return false;
  const exp = Number(expires);
  if (exp * 1000 < nowMs) return false;
  // Compare the canonical text: base64 leaves spare bits in the last character.
  const given = Buffer.from(signature);
  const wanted = Buffer.from(mac(storageKey, exp).toString('base64url'));
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** A signer of upload (PUT) URLs keyed from `secret` (JWT_SECRET); URLs live `lifetimeMs` milliseconds. */
export function createUploadSigner(secret: string, lifetimeMs: number): UploadSigner {
  const mac = macOf(secret, 'PUT');
  return {
    sign(storageKey, nowMs = Date.now()) {
      const expires = Math.floor((nowMs + lifetimeMs) / 1000);
      const signature = mac(storageKey, expires).toString('base64url');
      return `${uploadPathPrefix}${storageKey}?expires=${expires}&signature=${signature}`;
    },
    verify: (storageKey, expires, signature, nowMs = Date.now()) =>
      verifyWith(mac, storageKey, expires, signature, nowMs),
  };
}

/**
 * A signer of read (GET) URLs keyed from `secret` (JWT_SECRET). A URL signed at `nowMs` expires at
 * `nowMs + lifetimeMs` rounded up to a multiple of a quarter of `lifetimeMs` (whole seconds, at
 * least one), so it is valid between `lifetimeMs` and 1.25 × `lifetimeMs` and the same for every
 * signature made within one window.
 */
export function createReadSigner(secret: string, lifetimeMs: number): ReadSigner {
  const mac = macOf(secret, 'GET');
  const lifetime = Math.max(1, Math.round(lifetimeMs / 1000));
  const window = Math.max(1, Math.floor(lifetime / 4));
  const expiresAt = (nowMs = Date.now()) =>
    Math.ceil((Math.floor(nowMs / 1000) + lifetime) / window) * window;
  // A URL is the same for every signature of one window, so each key is signed once per window:
  // the memo holds the current window's URLs and starts over when the window (or its size) moves.
  let memoExpires = 0;
  let memo = new Map<string, string>();
  return {
    expiresAt,
    sign(storageKey, nowMs = Date.now()) {
      const expires = expiresAt(nowMs);
      if (expires !== memoExpires || memo.size >= readMemoLimit) {
        memoExpires = expires;
        memo = new Map();
      }
      let url = memo.get(storageKey);
      if (url === undefined) {
        const signature = mac(storageKey, expires).toString('base64url');
        url = `${readPathPrefix}${storageKey}?expires=${expires}&signature=${signature}`;
        memo.set(storageKey, url);
      }
      return url;
    },
    verify: (storageKey, expires, signature, nowMs = Date.now()) =>
      verifyWith(mac, storageKey, expires, signature, nowMs),
  };
}
