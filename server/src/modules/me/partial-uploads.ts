/**
 * The partial answer-video uploads of the tus endpoint (uploads-routes.ts), kept by the app as a
 * whole: `partialUploadsPlugin` (register at the root, before the routes) makes the tus store —
 * `@tus/file-store` under `DATA_DIR/tus/` (a temporary folder for `memory://`), or `@tus/s3-store`
 * in the bucket with STORAGE_DRIVER=s3 (a multipart upload named by the upload id, with `<id>.info`
 * and `<id>.part` beside it) — and decorates `app.partialUploads`:
 *
 * - `store`: the tus datastore, whose failures are StorageUnavailableError (answered 503);
 * - `locker`: the locks of uploads in progress, in the database on PostgreSQL (upload-locker.ts),
 *   so that every copy of the server serializes the requests of one upload;
 * - `removeOf(userId)`: removes every unfinished upload of that user at once (erasing a person
 *   leaves none of their partial bytes behind), answering how many it removed.
 *
 * Uploads not finished 24 hours after their creation are removed at start and every
 * `cleanupEveryMs` (default an hour), with the locks killed copies left behind.
 *
 * Nothing of an upload is kept in this process between requests, so any copy of the server takes
 * any request of it (operations.md 'Several copies behind a load balancer'): the S3 store keeps
 * its `<id>.info` and unfinished part in the bucket (a copy's cache of the `.info` is checked
 * against the bucket when the multipart upload is gone, so an upload another copy finished or
 * cancelled answers 404 here too), and the folder store keeps its `<id>.json` beside the bytes
 * (one folder, shared by the copies).
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { ERRORS, type Upload } from '@tus/server';
import type { DataStore, KvStore, Locker } from '@tus/utils';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unfinishedUploadSweepMs } from '@practica/contract';
import { AppError } from '../../errors.js';
import {
  StorageUnavailableError,
  s3ClientConfig,
  type StorageSettings,
} from '../../lib/storage/index.js';
import { sweepExpiredUploadLocks } from './upload-lock-repository.js';
import { uploadLockerFor } from './upload-locker.js';

/** How often expired partial uploads are removed by default, in milliseconds. */
const defaultCleanupEveryMs = 60 * 60 * 1000;

/** The folder of partial uploads for `dataDir`, and whether it is temporary (removed on close). */
function tusFolderOf(dataDir: string): { directory: string; temporary: boolean } {
  if (dataDir === 'memory://') {
    return { directory: mkdtempSync(path.join(os.tmpdir(), 'practica-tus-')), temporary: true };
  }
  return { directory: path.join(dataDir, 'tus'), temporary: false };
}

/** How many uploads' `.info` the S3 store keeps in memory, at most. */
const metadataCacheEntries = 1000;

/**
 * The S3 store's cache of uploads' `.info` (read once per upload rather than on each of its
 * requests), bounded: the store's default cache keeps every upload another copy finished until
 * the process ends. The oldest entry goes first.
 */
class MetadataCache<T> implements KvStore<T> {
  private readonly entries = new Map<string, T>();

  async get(key: string): Promise<T | undefined> {
    return this.entries.get(key);
  }

  async set(key: string, value: T): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > metadataCacheEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async list(): Promise<string[]> {
    return [...this.entries.keys()];
  }
}

/**
 * The tus S3 store, for finished uploads kept after a failure of ours: S3 no longer knows a
 * completed multipart upload, so the base class's `write` of the client's retry (a PATCH at the
 * full offset, nothing left to send) would fail, and its `remove` would leave the object and its
 * `.info`. Here the retry writes nothing and lets the upload finish again, and `remove` clears
 * every object of the upload. `getUpload` answers 404 only for an upload the bucket does not
 * hold: the base class answers 404 for any failure, which would make a client start over.
 */
class AnswerVideoS3Store extends S3Store {
  /** The upload's `.info` (cached, else from the bucket): 404 when the bucket does not hold it. */
  private async metadataOf(id: string): Promise<void> {
    try {
      await this.getMetadata(id);
    } catch (error) {
      const missing =
        error instanceof S3ServiceException &&
        (error.$metadata.httpStatusCode === 404 ||
          error.name === 'NoSuchKey' ||
          error.name === 'NotFound');
      throw missing ? ERRORS.FILE_NOT_FOUND : error;
    }
  }

  override async getUpload(id: string): Promise<Upload> {
    await this.metadataOf(id);
    const upload = await super.getUpload(id);
    if (upload.size !== undefined && upload.offset === upload.size) {
      // S3 no longer knows the multipart upload: it was finished — or finished or cancelled by
      // another copy of the server, whose removal of the `.info` this copy's cache does not know.
      // The bucket decides.
      await this.cache.delete(id);
      await this.metadataOf(id);
    }
    return upload;
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    try {
      return await super.write(src, id, offset);
    } catch (error) {
      const upload = await this.getUpload(id).catch(() => undefined);
      const complete = upload?.size !== undefined && upload.offset === upload.size;
      if (complete && offset === upload.size) {
        src.resume();
        return offset;
      }
      throw error;
    }
  }

  /** The ids of the bucket's unfinished uploads (its multipart uploads, page by page). */
  async unfinishedIds(): Promise<string[]> {
    const ids: string[] = [];
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.listMultipartUploads({
        Bucket: this.bucket,
        KeyMarker,
        UploadIdMarker,
      });
      for (const u of page.Uploads ?? []) if (u.Key) ids.push(u.Key);
      if (!page.IsTruncated) return ids;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id).catch(() => undefined);
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: {
        Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }],
      },
    });
  }
}

/** A tus store that reads a finished upload back (both stores do). */
export type PartialStore = DataStore & { read(id: string): Readable | Promise<Readable> };

/** The store's calls whose failures are the store's (`storeFailures`). */
const storeCalls = [
  'create',
  'write',
  'getUpload',
  'declareUploadLength',
  'remove',
  'read',
] as const;

/**
 * `error` of the store's `call`: the protocol's own answers (they carry a `status_code`), our
 * errors and a failure of the client's request stream (`source` errored or destroyed) stay as
 * they are; anything else is the store failing (StorageUnavailableError).
 */
function storeError(call: string, error: unknown, source?: unknown): unknown {
  if (
    error instanceof StorageUnavailableError ||
    error instanceof AppError ||
    (typeof error === 'object' && error !== null && 'status_code' in error) ||
    (source instanceof Readable && (source.errored || source.destroyed))
  ) {
    return error;
  }
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new StorageUnavailableError(`the partial uploads' store failed to ${call}: ${reason}`, {
    cause: error,
  });
}

/**
 * `store` with its calls' failures made StorageUnavailableError (`storeError`), the finished
 * upload's read stream included, so the endpoint answers them 503 instead of 500.
 */
function storeFailures<T extends PartialStore>(store: T): T {
  const calls = store as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const call of storeCalls) {
    const original = calls[call]!.bind(store);
    calls[call] = async (...args: unknown[]) => {
      let result: unknown;
      try {
        result = await original(...args);
      } catch (error) {
        throw storeError(call, error, args[0]);
      }
      if (call !== 'read' || !(result instanceof Readable)) return result;
      const out = new PassThrough();
      result.on('error', (error) => out.destroy(storeError(call, error) as Error));
      out.on('close', () => result.destroy());
      return result.pipe(out);
    };
  }
  return store;
}

/** Partial uploads' store: in the bucket with S3, else a folder (see `tusFolderOf`). */
function partialStoreOf(
  storage: StorageSettings,
  dataDir: string,
): { store: PartialStore; temporaryFolder: string | null } {
  if (storage.driver === 's3') {
    const store = new AnswerVideoS3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: unfinishedUploadSweepMs,
      cache: new MetadataCache(),
      s3ClientConfig: { bucket: storage.bucket, ...s3ClientConfig(storage) },
    });
    return { store: storeFailures(store), temporaryFolder: null };
  }
  const folder = tusFolderOf(dataDir);
  const store = new FileStore({
    directory: folder.directory,
    expirationPeriodInMilliseconds: unfinishedUploadSweepMs,
  });
  return {
    store: storeFailures(store),
    temporaryFolder: folder.temporary ? folder.directory : null,
  };
}

/** The ids of every unfinished upload the store holds (the folder's records, the bucket's multipart uploads). */
async function uploadIdsOf(store: PartialStore): Promise<string[]> {
  if (store instanceof AnswerVideoS3Store) return store.unfinishedIds();
  const configstore = (store as unknown as { configstore?: { list?: () => Promise<string[]> } })
    .configstore;
  return configstore?.list ? configstore.list() : [];
}

/** The app's partial uploads (see the module note). */
export interface PartialUploads {
  store: PartialStore;
  /** The locks of uploads in progress, shared by every copy through the database. */
  locker: Locker;
  /** Removes every unfinished upload of user `userId`; answers how many. Throws when the store fails. */
  removeOf(userId: number): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    partialUploads: PartialUploads;
  }
}

export interface PartialUploadsOptions {
  /** How often unfinished uploads older than a day are removed, in milliseconds (default one hour; 0: only at start). */
  cleanupEveryMs?: number;
  /** Whether this process removes them at all (default true; false on a `web` copy, operations.md 'Roles'). */
  runLoops?: boolean;
}

export const partialUploadsPlugin = fp(
  async (app: FastifyInstance, options: PartialUploadsOptions) => {
    const { store, temporaryFolder } = partialStoreOf(app.config.storage, app.config.dataDir);

    async function removeOf(userId: number): Promise<number> {
      let removed = 0;
      for (const id of await uploadIdsOf(store)) {
        const upload = await store.getUpload(id).catch(() => undefined);
        if (upload?.metadata?.['userId'] !== String(userId)) continue;
        await store.remove(id);
        removed += 1;
      }
      return removed;
    }
    const locker = uploadLockerFor(app.database, app.log);
    app.decorate('partialUploads', { store, locker, removeOf } satisfies PartialUploads);

    const cleanUp = () =>
      store
        .deleteExpired()
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'removed expired partial uploads');
        })
        .catch((err: unknown) => app.log.error({ err }, 'cleanup of partial uploads failed'))
        .then(() => sweepExpiredUploadLocks(app.db))
        .catch((err: unknown) => app.log.error({ err }, 'cleanup of upload locks failed'));
    let cleaning: Promise<unknown> = Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const every = options.cleanupEveryMs ?? defaultCleanupEveryMs;
    app.addHook('onReady', async () => {
      if (options.runLoops === false) return;
      cleaning = cleanUp();
      if (every > 0) timer = setInterval(() => (cleaning = cleanUp()), every).unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await cleaning;
    });
    app.addHook('onClose', async () => {
      if (temporaryFolder) await rm(temporaryFolder, { recursive: true, force: true });
    });
  },
  { name: 'partial-uploads' },
);
