/**
 * Local-disk storage driver (architecture.md 'The shape of the system'): objects live under
 * `DATA_DIR/files/<key>`; uploads are written to `DATA_DIR/files/.incoming/<random>.part` and
 * linked into place only when complete and within the limit, so no partial file is ever readable.
 * A disk that cannot be written (full, read-only, missing) throws StorageUnavailableError; the
 * source stream's own failure is thrown as it is.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  StorageConflictError,
  StorageKeyError,
  StorageLimitError,
  StorageUnavailableError,
  type ByteRange,
  type StorageDriver,
} from './driver.js';
import { isStorageKey } from './keys.js';

const incomingFolder = '.incoming';

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** The disk's failure `error` of `operation` as StorageUnavailableError. */
function unavailable(operation: string, error: unknown): StorageUnavailableError {
  const reason = error instanceof Error ? error.message : String(error);
  return new StorageUnavailableError(`${operation} on the local disk failed: ${reason}`, {
    cause: error,
  });
}

export class LocalDiskStorage implements StorageDriver {
  private readonly root: string;
  private readonly incoming: string;

  /** `root`: the folder holding the objects; `removeOnClose` deletes it on `close()` (temporary roots). */
  constructor(
    root: string,
    private readonly options: { removeOnClose?: boolean } = {},
  ) {
    this.root = path.resolve(root);
    this.incoming = path.join(this.root, incomingFolder);
  }

  /** The absolute path of `key`; throws StorageKeyError unless the key has the server-made shape. */
  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new StorageKeyError(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new StorageKeyError(key);
    return full;
  }

  async put(key: string, stream: Readable, maxBytes: number): Promise<{ size: number }> {
    const target = this.pathOf(key);
    try {
      await mkdir(this.incoming, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
    } catch (error) {
      stream.destroy();
      throw unavailable('mkdir', error);
    }
    const temp = path.join(this.incoming, `${randomBytes(12).toString('hex')}.part`);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) callback(new StorageLimitError(maxBytes));
        else callback(null, chunk);
      },
    });
    const file = createWriteStream(temp, { flags: 'wx', mode: 0o640, flush: true });
    let writeFailure: unknown;
    file.on('error', (error) => (writeFailure ??= error));
    try {
      try {
        await pipeline(stream, counter, file);
      } catch (error) {
        throw error === writeFailure ? unavailable('write', error) : error;
      }
      await this.commit(temp, target, key);
      return { size };
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** Moves a complete temporary file into place without replacing an existing object. */
  private async commit(temp: string, target: string, key: string): Promise<void> {
    try {
      await link(temp, target);
    } catch (error) {
      if (errorCode(error) === 'EEXIST') throw new StorageConflictError(key);
      // File systems without hard links: check, then rename (atomic, but may replace).
      if ((await this.stat(key)) !== null) throw new StorageConflictError(key);
      await rename(temp, target).catch((failure: unknown) => {
        throw unavailable('rename', failure);
      });
    }
  }

  createReadStream(key: string, range: ByteRange = {}): Readable {
    return createReadStream(this.pathOf(key), { start: range.start, end: range.end });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async sweepIncomplete(olderThanMs: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.incoming);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return 0;
      throw error;
    }
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.incoming, name);
      const s = await stat(file).catch(() => null);
      if (s && s.mtimeMs < cutoff) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async close(): Promise<void> {
    if (this.options.removeOnClose) await rm(this.root, { recursive: true, force: true });
  }
}

/**
 * The local driver for a `DATA_DIR`: `DATA_DIR/files`, or a temporary folder removed on close
 * when `dataDir` is `memory://` (tests).
 */
export function createLocalStorage(dataDir: string): LocalDiskStorage {
  if (dataDir === 'memory://') {
    return new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), 'practica-files-')), {
      removeOnClose: true,
    });
  }
  return new LocalDiskStorage(path.join(dataDir, 'files'));
}
