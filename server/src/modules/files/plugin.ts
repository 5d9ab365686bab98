/**
 * `filesPlugin` (DECISIONS.md 'Files'): the storage driver (local disk under DATA_DIR/files; a
 * temporary folder for `memory://`), the upload signer (key derived from JWT_SECRET, URLs valid
 * 15 minutes), the read URL signer (same key; FILE_URL_LIFETIME_MINUTES, installed for
 * `publicFileUrl` until the app closes), the daily upload volume (UPLOAD_MAX_BYTES_PER_DAY), the
 * signed PUT and serving routes, and the hourly sweep of uploads never finished (older than a
 * day). Register at the root, before `fileRoutes` (under /api).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unfinishedUploadSweepMs, uploadUrlLifetimeMs } from '@practica/contract';
import { createLocalStorage, type StorageDriver } from '../../lib/storage/index.js';
import { fileTransferRoutes } from './routes.js';
import { sweepPendingUploads } from './service.js';
import { createReadSigner, createUploadSigner } from './signing.js';
import { installFileUrlSigner } from './url.js';

export interface FilesPluginOptions {
  /** A storage driver to use instead of the local disk of `config.dataDir`. */
  storage?: StorageDriver;
  /** Sweep period in milliseconds (default one hour); 0 disables the timer. */
  sweepEveryMs?: number;
}

/** How often the sweep runs by default, in milliseconds. */
export const defaultSweepEveryMs = 60 * 60 * 1000;

export const filesPlugin = fp(
  async (app: FastifyInstance, options: FilesPluginOptions) => {
    const storage = options.storage ?? createLocalStorage(app.config.dataDir);
    const signer = createUploadSigner(app.config.jwtSecret, uploadUrlLifetimeMs);
    const urls = createReadSigner(app.config.jwtSecret, app.config.fileUrlLifetimeMs);
    const uninstallUrls = installFileUrlSigner(urls);
    app.decorate('files', {
      db: app.db,
      storage,
      signer,
      urls,
      maxBytesPerDay: app.config.uploadMaxBytesPerDay,
      log: app.log,
    });

    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      sweeping = sweepPendingUploads({ db: app.db, storage }, unfinishedUploadSweepMs)
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'swept unfinished uploads');
        })
        .catch((err: unknown) => app.log.error({ err }, 'sweep of unfinished uploads failed'));
    };
    const every = options.sweepEveryMs ?? defaultSweepEveryMs;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (every > 0) timer = setInterval(sweep, every).unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
    app.addHook('onClose', async () => {
      uninstallUrls();
      await storage.close?.();
    });

    await app.register(fileTransferRoutes);
  },
  { name: 'files', dependencies: ['db'] },
);
