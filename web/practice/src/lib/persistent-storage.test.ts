import { describe, expect, it, vi } from 'vitest';
import { isStoragePersisted, requestPersistentStorage } from './persistent-storage';

function storage(parts: Partial<StorageManager>): StorageManager {
  return parts as StorageManager;
}

describe('requestPersistentStorage', () => {
  it('asks for persistent storage where the browser has persist()', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    const persisted = vi.fn(() => Promise.resolve(false));
    expect(await requestPersistentStorage(storage({ persist, persisted }))).toBe('persisted');
    expect(persist).toHaveBeenCalledOnce();
  });

  it('does not ask again when the storage is persistent already', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    const state = await requestPersistentStorage(
      storage({ persist, persisted: () => Promise.resolve(true) }),
    );
    expect(state).toBe('persisted');
    expect(persist).not.toHaveBeenCalled();
  });

  it('answers refused when the browser says no or the call fails', async () => {
    expect(await requestPersistentStorage(storage({ persist: () => Promise.resolve(false) }))).toBe(
      'refused',
    );
    expect(
      await requestPersistentStorage(
        storage({ persist: () => Promise.reject(new DOMException('no', 'NotAllowedError')) }),
      ),
    ).toBe('refused');
  });

  it('answers unavailable without the Storage API (older Safari)', async () => {
    expect(await requestPersistentStorage(storage({}))).toBe('unavailable');
    // jsdom's navigator has no `storage`, like Safari before 15.2.
    expect(navigator.storage).toBeUndefined();
    expect(await requestPersistentStorage()).toBe('unavailable');
  });
});

describe('isStoragePersisted', () => {
  it('is true only when the browser says so', async () => {
    expect(await isStoragePersisted(storage({ persisted: () => Promise.resolve(true) }))).toBe(
      true,
    );
    expect(await isStoragePersisted(storage({ persisted: () => Promise.resolve(false) }))).toBe(
      false,
    );
    expect(
      await isStoragePersisted(storage({ persisted: () => Promise.reject(new Error()) })),
    ).toBe(false);
    expect(await isStoragePersisted()).toBe(false);
  });
});
