/**
 * URLs of stored files (decisions.md#files). A file is served at
 * `/files/<storageKey>?expires=<unix s>&signature=<HMAC>` (signing.ts): the URL is the capability
 * to read the file, the way an S3 presigned GET is, so `<img>`, `<video>` and the mobile app need
 * no header; and it expires (one hour by default, FILE_URL_LIFETIME_MINUTES, rounded up to a
 * quarter-hour window), so a URL seen once is not a file given forever. Ids are never enough.
 *
 * The signer is the app's, never a module global (architecture.md, 'Rules with one door each',
 * state of the app): `filesPlugin` makes it from JWT_SECRET and FILE_URL_LIFETIME_MINUTES
 * (`createFileUrls`) and decorates it as `app.files.urls`. Presenters that show a file take it as
 * their first argument (`FileUrls`); services that present take `{db, urls}` (`FileUrlDeps`),
 * which routes pass as `app.files`. All copies of the server sharing the secret accept each
 * other's URLs; two apps in one process with different secrets each sign with their own.
 */
import type { Db } from '../../db/client.js';
import { createReadSigner, type ReadSigner } from './signing.js';

/** Lifetime of a file URL when FILE_URL_LIFETIME_MINUTES is not set: one hour, in milliseconds. */
export const defaultFileUrlLifetimeMs = 60 * 60 * 1000;

/**
 * What presenters sign with: `sign(storageKey, nowMs?)` answers the URL that serves the file, e.g.
 * `/files/2026/11/ab12….png?expires=1764100800&signature=…`, the same within one window.
 */
export type FileUrls = Pick<ReadSigner, 'sign'>;

/** What a service that presents stored files takes: its database and the app's `FileUrls`. */
export interface FileUrlDeps {
  db: Db;
  urls: FileUrls;
}

/**
 * The read URL signer of an app configured with `jwtSecret` and `fileUrlLifetimeMs`
 * (milliseconds): the one `filesPlugin` decorates as `app.files.urls`.
 */
export function createFileUrls(config: {
  jwtSecret: string;
  fileUrlLifetimeMs: number;
}): ReadSigner {
  return createReadSigner(config.jwtSecret, config.fileUrlLifetimeMs);
}
