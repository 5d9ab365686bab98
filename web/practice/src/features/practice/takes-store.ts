/**
 * Takes kept on the device until the server confirms them: IndexedDB through
 * `idb`, database 'practica-practice', store 'takes', one take per question keyed
 * `${userId}:${assignmentId}:${questionId}` (a retake overwrites the question's take). A take holds
 * the recorded bytes, their media type, the measured duration (seconds), when it was recorded and
 * its upload state (tus upload URL, bytes the server holds, status). It is removed only with the
 * server's file id. A full disk becomes `StorageFullError`; a take of 0 bytes is refused
 * (`EmptyRecordingError`). The first take kept asks the browser to spare the app's storage
 * (`requestPersistentStorage`): Safari deletes a site's IndexedDB after 7 days without a visit
 * unless the app is on the Home Screen, so a take waiting that long is pointed out (`takeAgeDays`).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { requestPersistentStorage } from '../../lib/persistent-storage';
import { EmptyRecordingError } from './media-recording';
import { practiceText } from './practice-text';

/** Age (ms) from which a take still on the device is pointed out to be uploaded: 3 days. */
export const oldTakeAgeMs = 3 * 24 * 60 * 60 * 1000;

/**
 * Whole days since `createdAt` (epoch ms) when a take recorded then is `oldTakeAgeMs` old or
 * older at `now` (epoch ms), else null.
 */
export function oldTakeDays(createdAt: number, now: number = Date.now()): number | null {
  const age = now - createdAt;
  return age >= oldTakeAgeMs ? Math.floor(age / (24 * 60 * 60 * 1000)) : null;
}

/** Where a take's upload stands. `done` is never stored: a confirmed take is removed. */
export type TakeUploadStatus = 'queued' | 'uploading' | 'failed' | 'done';

/** The upload state kept with a take. */
export interface TakeUpload {
  /** The tus upload's URL once created (to resume from), else null. */
  url: string | null;
  /** Bytes the server acknowledged. */
  bytesSent: number;
  status: TakeUploadStatus;
  /** Why the last try failed (the server's message as given), else null. */
  error: string | null;
}

/** One recorded answer to a question, as kept on the device. */
export interface Take {
  key: string;
  userId: number;
  assignmentId: number;
  questionId: number;
  blob: Blob;
  mimeType: string;
  /** Measured recording time, seconds (> 0). */
  durationSeconds: number;
  /** When the take was recorded, epoch ms (tells a take from the retake that replaced it). */
  createdAt: number;
  upload: TakeUpload;
}

/**
 * A take as IndexedDB holds it: the recorded bytes as an ArrayBuffer, not a Blob. WebKit refuses a
 * Blob in IndexedDB wherever the site's data store is ephemeral (Safari's Private Browsing, a
 * WebKit browser under automation: 'Error preparing Blob/File data to be stored in object store'),
 * while every engine stores an ArrayBuffer. Takes kept by earlier versions hold a `blob`.
 */
type StoredTake = Omit<Take, 'blob'> & { bytes?: ArrayBuffer; blob?: Blob };

interface PracticeDb extends DBSchema {
  takes: { key: string; value: StoredTake };
}

/** The stored record of `take` (its bytes read out of the Blob). */
async function toStored(take: Take): Promise<StoredTake> {
  const { blob, ...rest } = take;
  return { ...rest, bytes: await blob.arrayBuffer() };
}

/** The take of a stored record (a Blob of its bytes, typed `mimeType`). */
function fromStored(stored: StoredTake): Take {
  const { bytes, blob, ...rest } = stored;
  return { ...rest, blob: blob ?? new Blob(bytes ? [bytes] : [], { type: stored.mimeType }) };
}

/** The device has no room left for a take (IndexedDB's QuotaExceededError). */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(options?: { cause?: unknown }) {
    super(practiceText.storageFull, options);
  }
}

/** The key of the take of `questionId` in `assignmentId` recorded by `userId`. */
export function takeKey(userId: number, assignmentId: number, questionId: number): string {
  return `${userId}:${assignmentId}:${questionId}`;
}

/** A new take, queued for upload. `createdAt` defaults to now. */
export function newTake(
  init: Omit<Take, 'key' | 'upload' | 'createdAt'> & { createdAt?: number },
): Take {
  return {
    ...init,
    key: takeKey(init.userId, init.assignmentId, init.questionId),
    createdAt: init.createdAt ?? Date.now(),
    upload: { url: null, bytesSent: 0, status: 'queued', error: null },
  };
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/** Options of a `TakesStore`. */
export interface TakesStoreOptions {
  /** Called once, after the first take is kept (default: `requestPersistentStorage`). */
  onFirstSave?: () => Promise<unknown>;
}

/** The takes of one database (the app uses `takesStore`; tests open their own). */
export class TakesStore {
  private db: Promise<IDBPDatabase<PracticeDb>> | null = null;
  private saved = false;
  private readonly onFirstSave: () => Promise<unknown>;

  constructor(
    private readonly dbName = 'practica-practice',
    options: TakesStoreOptions = {},
  ) {
    this.onFirstSave = options.onFirstSave ?? (() => requestPersistentStorage());
  }

  private open(): Promise<IDBPDatabase<PracticeDb>> {
    this.db ??= openDB<PracticeDb>(this.dbName, 1, {
      upgrade(db) {
        db.createObjectStore('takes');
      },
    });
    return this.db;
  }

  /**
   * Keeps `take` (replacing the question's earlier take). Throws `EmptyRecordingError` for a take
   * of 0 bytes (the earlier take stays), `StorageFullError` when the device is full.
   */
  async save(take: Take): Promise<void> {
    if (take.blob.size === 0) throw new EmptyRecordingError();
    const db = await this.open();
    // Read before the transaction opens: it would commit while a foreign promise is awaited.
    const stored = await toStored(take);
    try {
      const tx = db.transaction('takes', 'readwrite');
      await Promise.all([tx.store.put(stored, take.key), tx.done]);
    } catch (error) {
      if (isQuotaError(error)) throw new StorageFullError({ cause: error });
      throw error;
    }
    if (!this.saved) {
      this.saved = true;
      void this.onFirstSave().catch(() => undefined);
    }
  }

  /** The take under `key`, or undefined. */
  async read(key: string): Promise<Take | undefined> {
    const stored = await (await this.open()).get('takes', key);
    return stored && fromStored(stored);
  }

  /** Every take of `userId` in `assignmentId`. */
  async list(userId: number, assignmentId: number): Promise<Take[]> {
    const prefix = `${userId}:${assignmentId}:`;
    const stored = await (
      await this.open()
    ).getAll('takes', IDBKeyRange.bound(prefix, `${prefix}\uffff`));
    return stored.map(fromStored);
  }

  /**
   * Updates the upload state of the take `key` recorded at `createdAt`; answers the updated take,
   * or null when that take is gone or a retake replaced it.
   */
  async updateUpload(
    key: string,
    createdAt: number,
    patch: Partial<TakeUpload>,
  ): Promise<Take | null> {
    const db = await this.open();
    const tx = db.transaction('takes', 'readwrite');
    const take = await tx.store.get(key);
    if (!take || take.createdAt !== createdAt) {
      await tx.done;
      return null;
    }
    const next = { ...take, upload: { ...take.upload, ...patch } };
    await Promise.all([tx.store.put(next, key), tx.done]);
    return fromStored(next);
  }

  /**
   * Removes the take `key` recorded at `createdAt` once the server confirmed it as file `fileId`
   * (a positive id is required); a retake recorded since stays. Answers whether it was removed.
   */
  async removeConfirmed(key: string, createdAt: number, fileId: number): Promise<boolean> {
    if (!Number.isInteger(fileId) || fileId <= 0) {
      throw new Error('A take is removed only with the file id the server confirmed.');
    }
    const db = await this.open();
    const tx = db.transaction('takes', 'readwrite');
    const take = await tx.store.get(key);
    const matches = take?.createdAt === createdAt;
    if (matches) await tx.store.delete(key);
    await tx.done;
    return matches;
  }

  /** Closes the database (tests). */
  async close(): Promise<void> {
    if (this.db) (await this.db).close();
    this.db = null;
  }
}

/** The app's takes. */
export const takesStore = new TakesStore();
