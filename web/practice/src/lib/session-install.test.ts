/**
 * Installing the practice session (the app's entry, and the web tests' setup before each file)
 * follows other tabs' sign-ins and sign-outs once, however often it is installed.
 */
import { describe, expect, it, vi } from 'vitest';
import { installPracticeSession, subscribeSession } from './session';

describe('installPracticeSession', () => {
  it('hears another tab’s change once, also when installed again', () => {
    installPracticeSession();
    installPracticeSession();
    const heard = vi.fn();
    const unsubscribe = subscribeSession(heard);
    window.dispatchEvent(new StorageEvent('storage', { storageArea: window.localStorage }));
    unsubscribe();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
