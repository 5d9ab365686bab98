/** Storage drivers behind one interface (architecture.md 'The shape of the system'; operations.md 'Production storage'). */
import type { StorageDriver } from './driver.js';
import { createLocalStorage } from './local-disk.js';
import { S3Storage, type S3StorageSettings } from './s3.js';

export * from './driver.js';
export * from './keys.js';
export { LocalDiskStorage } from './local-disk.js';
export { S3Storage, s3ClientConfig, type S3StorageSettings } from './s3.js';

/** Which driver stores the files (STORAGE_DRIVER) and, for `s3`, where (S3_*; config.ts). */
export type StorageSettings = { driver: 'local' } | ({ driver: 's3' } & S3StorageSettings);

/**
 * The configured driver: the local disk of `dataDir` (a temporary folder for `memory://`), or the
 * S3 bucket of `settings`. Nothing is contacted yet: call `check()` of an S3 driver at start.
 */
export function createStorage(settings: StorageSettings, dataDir: string): StorageDriver {
  if (settings.driver === 's3') {
    const { driver: _driver, ...s3 } = settings;
    return new S3Storage(s3);
  }
  return createLocalStorage(dataDir);
}

/**
 * The origin browsers reach the store at (presigned PUTs and GETs), for the Content-Security-Policy
 * of the pages: with S3, the endpoint's origin (path-style) or the bucket's host under it
 * (virtual-hosted; AWS's `<bucket>.s3.<region>.amazonaws.com` without an endpoint); null for the
 * local disk, whose files are served by the server itself.
 */
export function storageOrigin(settings: StorageSettings): string | null {
  if (settings.driver !== 's3') return null;
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  if (settings.forcePathStyle) return endpoint.origin;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}
