/**
 * `filesPlugin` (decisions.md#files): the storage driver (STORAGE_DRIVER: local disk under
 * DATA_DIR/files, a temporary folder for `memory://`; or the S3 bucket of S3_*, reached once at
 * registration so a bad or unreachable store fails the start), the upload signer (key derived from JWT_SECRET, URLs valid
 * 15 minutes), the read URL signer (same key; FILE_URL_LIFETIME_MINUTES; `app.files.urls`, which
 * presenters take, url.ts), the daily upload volume (UPLOAD_MAX_BYTES_PER_DAY), the
 * signed PUT and serving routes, the storage deletion worker (`app.storageDeletions.drain()`) and
 * the hourly sweep (deletions.ts `createFileSweeper`: uploads never finished, files unreferenced
 * for a day, VIDEO_RETENTION_DAYS daily). Register at the root, before `fileRoutes` (under /api).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unfinishedUploadSweepMs, uploadUrlLifetimeMs } from '@practica/contract';
import { createStorage, type StorageDriver } from '../../lib/storage/index.js';
import { fileTransferRoutes } from './transfer-routes.js';
import {
  createFileSweeper,
  startStorageDeletionWorker,
  type StorageDeletionWorker,
} from './deletions.js';
import { createUploadSigner } from './signing.js';
import { createFileUrls } from './url.js';

export interface FilesPluginOptions {
  /** A storage driver to use instead of the configured one (`config.storage`). */
  storage?: StorageDriver;
  /** Sweep period in milliseconds (default one hour); 0 disables the timer. */
  sweepEveryMs?: number;
  /** Poll period of the storage deletion worker in milliseconds (default one minute). */
  deletionPollMs?: number;
  /** Whether this process runs the deletion worker and the sweep (default true; false on a `web` copy, operations.md 'Roles'). */
  runLoops?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The storage deletion worker: `drain()` removes every queued deletion due now (tests). */
    storageDeletions: { drain(): Promise<number> };
  }
}

/** How often the sweep runs by default, in milliseconds. */
export const defaultSweepEveryMs = 60 * 60 * 1000;

/** How often the storage deletion worker looks for due removals by default, in milliseconds. */
export const defaultDeletionPollMs = 60 * 1000;

export const filesPlugin = fp(
  async (app: FastifyInstance, options: FilesPluginOptions) => {
    const storage = options.storage ?? createStorage(app.config.storage, app.config.dataDir);
    try {
      await storage.check?.();
    } catch (error) {
      await storage.close?.();
      throw error;
    }
    const signer = createUploadSigner(app.config.jwtSecret, uploadUrlLifetimeMs);
    const urls = createFileUrls(app.config);
    app.decorate('files', {
      db: app.db,
      storage,
      signer,
      urls,
      maxBytesPerDay: app.config.uploadMaxBytesPerDay,
      log: app.log,
      // Uploads sent straight to the store (S3) are checked on first use (requireUsableFile).
      directUploads: storage.presignPut
        ? { storage, maxBytesPerDay: app.config.uploadMaxBytesPerDay, log: app.log }
        : undefined,
    });

    let deletions: StorageDeletionWorker | null = null;
    app.decorate('storageDeletions', { drain: async () => (deletions ? deletions.drain() : 0) });
    const sweepOnce = createFileSweeper(
      { db: app.db, storage, log: app.log },
      {
        pendingOlderThanMs: unfinishedUploadSweepMs,
        retentionDays: app.config.videoRetentionDays,
      },
    );
    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      sweeping = sweepOnce();
    };
    const every = options.sweepEveryMs ?? defaultSweepEveryMs;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (options.runLoops === false) return;
      deletions = startStorageDeletionWorker({
        db: app.db,
        storage,
        log: app.log,
        pollMs: options.deletionPollMs ?? defaultDeletionPollMs,
      });
      if (every > 0) timer = setInterval(sweep, every).unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await sweeping;
      await deletions?.stop();
      deletions = null;
    });
    app.addHook('onClose', async () => {
      await storage.close?.();
    });

    await app.register(fileTransferRoutes);
  },
  { name: 'files', dependencies: ['db'] },
);
