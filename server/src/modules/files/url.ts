/**
 * URLs of stored files (decisions.md#files). A file is served at
 * `/files/<storageKey>?expires=<unix s>&signature=<HMAC>` (signing.ts): the URL is the capability
 * to read the file, the way an S3 presigned GET is, so `<img>`, `<video>` and the mobile app need
 * no header; and it expires (one hour by default, FILE_URL_LIFETIME_MINUTES, rounded up to a
 * quarter-hour window), so a URL seen once is not a file given forever. Ids are never enough.
 *
 * Presenters of every module call `publicFileUrl(key)` while they build an answer, without
 * dependencies: the signer is the process's, installed by `filesPlugin` from JWT_SECRET (all
 * copies of the server sharing the secret accept each other's URLs). Until a plugin installs one
 * (the demo seed run before the server starts), URLs are signed with a random key that no server
 * accepts.
 */
import { randomBytes } from 'node:crypto';
import { createReadSigner, type ReadSigner } from './signing.js';

/** Lifetime of a file URL when FILE_URL_LIFETIME_MINUTES is not set: one hour, in milliseconds. */
export const defaultFileUrlLifetimeMs = 60 * 60 * 1000;

let current: ReadSigner = createReadSigner(
  randomBytes(32).toString('hex'),
  defaultFileUrlLifetimeMs,
);

/**
 * Makes `signer` the one `publicFileUrl` uses (called by `filesPlugin`). Answers a function that
 * puts the previous signer back (on close), when `signer` is still the current one.
 */
export function installFileUrlSigner(signer: ReadSigner): () => void {
  const previous = current;
  current = signer;
  return () => {
    if (current === signer) current = previous;
  };
}

/**
 * The signed URL that serves the file with this storage key, e.g.
 * `/files/2026/11/ab12….png?expires=1764100800&signature=…`; the same within one window.
 */
export function publicFileUrl(storageKey: string, nowMs = Date.now()): string {
  return current.sign(storageKey, nowMs);
}
