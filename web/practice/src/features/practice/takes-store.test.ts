import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyRecordingError } from './media-recording';
import {
  newTake,
  oldTakeAgeMs,
  oldTakeDays,
  StorageFullError,
  takeKey,
  TakesStore,
} from './takes-store';

// jsdom's Blob cannot be structured-cloned into IndexedDB; Node's can (browsers' too).
const blob = (text: string) => new NodeBlob([text], { type: 'video/webm' }) as unknown as Blob;

let count = 0;
const stores: TakesStore[] = [];
function openStore(onFirstSave: () => Promise<unknown> = () => Promise.resolve()) {
  const store = new TakesStore(`takes-test-${++count}`, { onFirstSave });
  stores.push(store);
  return store;
}

const take = (questionId: number, createdAt = 1_000, assignmentId = 7) =>
  newTake({
    userId: 3,
    assignmentId,
    questionId,
    blob: blob(`q${questionId}@${createdAt}`),
    mimeType: 'video/webm;codecs=vp9,opus',
    durationSeconds: 12.5,
    createdAt,
  });

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

describe('takes store', () => {
  it('keys a take by user, assignment and question', () => {
    expect(takeKey(3, 7, 11)).toBe('3:7:11');
    expect(take(11)).toMatchObject({
      key: '3:7:11',
      upload: { url: null, bytesSent: 0, status: 'queued', error: null },
    });
  });

  it('keeps the bytes, type, duration and date, and lists an assignment’s takes only', async () => {
    const store = openStore();
    await store.save(take(1));
    await store.save(take(2));
    await store.save(take(1, 1_000, 70));
    const kept = await store.read('3:7:1');
    expect(kept).toMatchObject({ mimeType: 'video/webm;codecs=vp9,opus', durationSeconds: 12.5 });
    expect(await kept!.blob.text()).toBe('q1@1000');
    expect((await store.list(3, 7)).map((t) => t.questionId).sort()).toEqual([1, 2]);
    expect((await store.list(3, 70)).map((t) => t.key)).toEqual(['3:70:1']);
    expect(await store.list(4, 7)).toEqual([]);
  });

  it('stores the bytes as an ArrayBuffer, never a Blob (WebKit refuses Blobs in an ephemeral store)', async () => {
    const store = openStore();
    await store.save(take(1));
    const raw = await openDB(`takes-test-${count}`, 1);
    const record = (await raw.get('takes', '3:7:1')) as Record<string, unknown>;
    raw.close();
    expect(record['blob']).toBeUndefined();
    // (fake-indexeddb clones in Node's realm: compare the tag, not jsdom's ArrayBuffer class)
    expect(Object.prototype.toString.call(record['bytes'])).toBe('[object ArrayBuffer]');
    expect(Buffer.from(record['bytes'] as ArrayBuffer).toString()).toBe('q1@1000');
    const kept = await store.read('3:7:1');
    expect(kept!.blob.type).toBe('video/webm;codecs=vp9,opus');
    expect(await kept!.blob.text()).toBe('q1@1000');
  });

  it('still reads a take an earlier version kept as a Blob', async () => {
    const store = openStore();
    await store.save(take(2));
    const { blob: legacy, ...rest } = take(1);
    const raw = await openDB(`takes-test-${count}`, 1);
    await raw.put('takes', { ...rest, blob: legacy }, '3:7:1');
    raw.close();
    const kept = await store.read('3:7:1');
    expect(await kept!.blob.text()).toBe('q1@1000');
    expect((await store.list(3, 7)).map((t) => t.questionId).sort()).toEqual([1, 2]);
  });

  it('a retake replaces the question’s take', async () => {
    const store = openStore();
    await store.save(take(1, 1_000));
    await store.save(take(1, 2_000));
    const kept = await store.list(3, 7);
    expect(kept).toHaveLength(1);
    expect(await kept[0]!.blob.text()).toBe('q1@2000');
  });

  it('updates the upload state of that take only', async () => {
    const store = openStore();
    await store.save(take(1, 1_000));
    const patch = {
      url: 'http://x/api/me/uploads/abc',
      bytesSent: 5,
      status: 'uploading',
    } as const;
    expect(await store.updateUpload('3:7:1', 1_000, patch)).toMatchObject({ upload: patch });
    expect((await store.read('3:7:1'))!.upload).toEqual({ ...patch, error: null });
    // A retake recorded meanwhile is not touched by the old upload's news.
    await store.save(take(1, 2_000));
    expect(await store.updateUpload('3:7:1', 1_000, { status: 'failed' })).toBeNull();
    expect((await store.read('3:7:1'))!.upload.status).toBe('queued');
    expect(await store.updateUpload('3:7:9', 1_000, { status: 'failed' })).toBeNull();
  });

  it('removes a take only with the server’s file id, and not a newer retake', async () => {
    const store = openStore();
    await store.save(take(1, 1_000));
    await expect(store.removeConfirmed('3:7:1', 1_000, 0)).rejects.toThrow();
    expect(await store.read('3:7:1')).toBeDefined();
    expect(await store.removeConfirmed('3:7:1', 999, 42)).toBe(false);
    expect(await store.read('3:7:1')).toBeDefined();
    expect(await store.removeConfirmed('3:7:1', 1_000, 42)).toBe(true);
    expect(await store.read('3:7:1')).toBeUndefined();
  });

  it('a full disk is a clear storage-full error', async () => {
    const store = openStore();
    await store.read('warm-up');
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const error = await store.save(take(1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageFullError);
    expect((error as Error).message).toMatch(/storage is full/);
  });

  it('refuses a take of 0 bytes and keeps the earlier take', async () => {
    const store = openStore();
    await store.save(take(1, 1_000));
    const empty = { ...take(1, 2_000), blob: blob('') };
    await expect(store.save(empty)).rejects.toBeInstanceOf(EmptyRecordingError);
    expect((await store.read('3:7:1'))!.createdAt).toBe(1_000);
  });

  it('asks once, after the first take is kept, for the storage to be spared', async () => {
    const persist = vi.fn(() => Promise.resolve('persisted'));
    const store = openStore(persist);
    await store.read('warm-up');
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    await expect(store.save(take(1))).rejects.toBeInstanceOf(StorageFullError);
    expect(persist).not.toHaveBeenCalled();
    put.mockRestore();
    await store.save(take(1));
    await store.save(take(2));
    expect(persist).toHaveBeenCalledOnce();
  });

  it('keeps the take when asking for persistent storage fails', async () => {
    const store = openStore(() => Promise.reject(new Error('refused')));
    await store.save(take(1));
    expect(await store.read('3:7:1')).toBeDefined();
  });
});

describe('oldTakeDays', () => {
  it('names the days of a take kept for 3 days or more, else null', () => {
    const day = 24 * 60 * 60 * 1000;
    const now = 100 * day;
    expect(oldTakeAgeMs).toBe(3 * day);
    expect(oldTakeDays(now - 2 * day, now)).toBeNull();
    expect(oldTakeDays(now - 3 * day, now)).toBe(3);
    expect(oldTakeDays(now - 8.5 * day, now)).toBe(8);
  });
});
