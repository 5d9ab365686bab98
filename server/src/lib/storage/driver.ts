/**
 * The storage driver interface (architecture.md 'The shape of the system'): local disk by default,
 * S3-compatible object storage with STORAGE_DRIVER=s3 (operations.md 'Production storage'). Keys are made by the server (`newStorageKey`), never from user file names.
 */
import type { Readable } from 'node:stream';

/** Thrown by `put` when the stream holds more than `maxBytes`; nothing is stored. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`content exceeds ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

/** Thrown by `put` when the key already holds complete content; the existing bytes are kept. */
export class StorageConflictError extends Error {
  constructor(readonly key: string) {
    super(`key already stored: ${key}`);
    this.name = 'StorageConflictError';
  }
}

/** Thrown for a key that `isStorageKey` refuses (never reaches the disk). */
export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'StorageKeyError';
  }
}

/**
 * Thrown when the store itself fails or refuses (S3 unreachable, a call the store answers with an
 * error, a disk that cannot be written): the bytes or the call are fine, the store is not. The
 * message names the store and the operation; `cause` is the store's own error. The API answers it
 * 503 (files/service.ts `storageFailure`).
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** An inclusive byte range of a stored object, as in HTTP Range (`start`..`end`, 0-based). */
export interface ByteRange {
  start?: number;
  end?: number;
}

/**
 * Every call may also throw StorageUnavailableError when the store fails or refuses (a missing
 * key is not a failure: `stat` answers null, `delete` succeeds, `copy` answers false).
 */
export interface StorageDriver {
  /**
   * Stores the whole stream under `key`, counting bytes. Content becomes readable only once
   * complete (written to a temporary name, then moved). Resolves `{size}` in bytes.
   * Throws StorageLimitError past `maxBytes`, StorageConflictError when `key` is already stored,
   * StorageKeyError for a malformed key, or the stream's own error (nothing is stored then).
   */
  put(key: string, stream: Readable, maxBytes: number): Promise<{ size: number }>;
  /** Reads the object, or the inclusive byte `range` of it. The stream errors when the key is missing. */
  createReadStream(key: string, range?: ByteRange): Readable;
  /** The object's size in bytes, or null when nothing is stored under `key`. */
  stat(key: string): Promise<{ size: number } | null>;
  /**
   * Direct uploads (S3, with `presignPut`): copies the object `fromKey` to `toKey` inside the store,
   * replacing what `toKey` held, so the server checks bytes no presigned URL can change any more.
   * Resolves false when nothing is stored under `fromKey` (nothing is written then).
   */
  copy?(fromKey: string, toKey: string): Promise<boolean>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Removes leftovers of uploads interrupted more than `olderThanMs` ago (optional). Returns how many. */
  sweepIncomplete?(olderThanMs: number): Promise<number>;
  /** Releases what the driver holds (e.g. a temporary root, a connection pool). */
  close?(): Promise<void>;
  /** Proves at start that the store is usable; throws a message naming what is wrong (S3). */
  check?(): Promise<void>;
  /**
   * Direct uploads (S3): a presigned PUT of `key` valid `expiresSeconds`; with `contentLength`
   * (bytes) the store refuses any other length. The bytes arrive without the server, which
   * copies them with `copy` and checks the copy (files/service.ts `completeUpload`).
   */
  presignPut?(
    key: string,
    options: { expiresSeconds: number; contentLength?: number | undefined },
  ): Promise<string>;
  /**
   * Direct reads (S3): a presigned GET (or HEAD, `method`) of `key` valid `expiresSeconds`,
   * answered with `contentType` and `contentDisposition`; Range requests are served by the store.
   */
  presignGet?(
    key: string,
    options: {
      expiresSeconds: number;
      contentType: string;
      contentDisposition: string;
      method?: 'GET' | 'HEAD';
    },
  ): Promise<string>;
}
