/**
 * Keeping the app's data on the device: the takes wait in IndexedDB until the server has them,
 * and a browser may delete a site's storage on its own — Safari (WebKit's tracking prevention)
 * deletes what a site not added to the Home Screen wrote after 7 days of use without a visit,
 * other browsers under storage pressure. `navigator.storage.persist()` asks to be spared (Safari
 * and Chrome decide silently, Firefox may ask the user); `persisted()` tells whether it was.
 * Where the Storage API is missing (older Safari) nothing can be asked.
 */
import { useEffect, useState } from 'react';

/** What asking for persistent storage came to. */
export type PersistenceState = 'persisted' | 'refused' | 'unavailable';

function storageOf(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/**
 * Asks `storage` (the browser's by default) to keep the site's data; does not ask again when it
 * already does. Answers 'persisted', 'refused' (also when the call fails) or 'unavailable' (no
 * `persist()`). Never throws.
 */
export async function requestPersistentStorage(
  storage: StorageManager | undefined = storageOf(),
): Promise<PersistenceState> {
  if (typeof storage?.persist !== 'function') return 'unavailable';
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'refused';
  } catch {
    return 'refused';
  }
}

/**
 * Whether `storage` (the browser's by default) keeps the site's data for sure: false when it may
 * delete it, or cannot tell. Never throws.
 */
export async function isStoragePersisted(
  storage: StorageManager | undefined = storageOf(),
): Promise<boolean> {
  if (typeof storage?.persisted !== 'function') return false;
  try {
    return await storage.persisted();
  } catch {
    return false;
  }
}

/** `isStoragePersisted()` for a component: null until known. */
export function useStoragePersisted(): boolean | null {
  const [persisted, setPersisted] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void isStoragePersisted().then((value) => {
      if (live) setPersisted(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return persisted;
}
