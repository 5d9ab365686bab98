/**
 * The practice app's session: the trainee's token and user, kept in local storage under the app's
 * own keys (the console's keys and its "clear everything on 401" rule stay the console's), and
 * given to the shared API client. Signing out or a 401 forgets the session only: recorded takes
 * (IndexedDB) stay for the next sign-in.
 */
import type { SessionUser } from '@practica/contract';
import { setApiSession } from '../../../src/lib/api-client';

/** Local storage keys of the practice app. */
export const practiceStorageKeys = {
  token: 'practica.practice.token',
  user: 'practica.practice.user',
} as const;

/** The signed-in trainee as the sign-in answered it. */
export type PracticeUser = SessionUser;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage may be disabled (private mode): the session lasts as long as the page.
  }
}

let memoryToken: string | null = null;
const listeners = new Set<() => void>();

/** The current token (null when signed out). */
export function sessionToken(): string | null {
  return read(practiceStorageKeys.token) ?? memoryToken;
}

/** The signed-in user, or null. */
export function sessionUser(): PracticeUser | null {
  const raw = read(practiceStorageKeys.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PracticeUser;
  } catch {
    return null;
  }
}

/** Stores a new session (after sign-in or a token refresh) and notifies subscribers. */
export function saveSession(token: string, user: PracticeUser): void {
  memoryToken = token;
  write(practiceStorageKeys.token, token);
  write(practiceStorageKeys.user, JSON.stringify(user));
  for (const listener of listeners) listener();
}

/** Forgets the session (sign out, or a 401/403) and notifies subscribers. */
export function clearSession(): void {
  memoryToken = null;
  write(practiceStorageKeys.token, null);
  write(practiceStorageKeys.user, null);
  for (const listener of listeners) listener();
}

/** Subscribes to session changes (for useSyncExternalStore); answers the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Makes the shared API client send and forget this app's token. Called once at start. */
export function installPracticeSession(): void {
  setApiSession({ readToken: sessionToken, clear: clearSession });
}
