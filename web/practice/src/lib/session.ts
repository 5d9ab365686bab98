/**
 * The practice app's session: the trainee's token and user, kept in local storage under the app's
 * own keys (the console's keys and its "clear everything on 401" rule stay the console's), and
 * given to the shared API client. Signing out or a 401 forgets the session only: recorded takes
 * (IndexedDB) stay for the next sign-in. Before the first render it takes the console's hand-over
 * (shared/lib/practice-handover.ts, `adoptPracticeHandover`): a trainee who just signed in at /login arrives signed in; one who
 * just registered from an invite finds the sign-in form with the email (`sessionArrival`).
 */
import type { SessionUser } from '@practica/contract';
import { useSyncExternalStore } from 'react';
import { setApiSession, setUnauthorizedHandler } from '@shared/lib/api-client';
import { practiceHandoverKey } from '@shared/lib/practice-handover-key';
import { toSessionUser } from '@shared/lib/session-user';

/** Local storage keys of the practice app. */
export const practiceStorageKeys = {
  token: 'practica.practice.token',
  user: 'practica.practice.user',
} as const;

/** The signed-in trainee as the sign-in answered it. */
export type PracticeUser = SessionUser;

/** The session as components read it: both null when signed out. */
export interface PracticeSession {
  token: string | null;
  user: PracticeUser | null;
}

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

function parseUser(raw: string | null): PracticeUser | null {
  if (!raw) return null;
  try {
    return toSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

let memory: PracticeSession = { token: null, user: null };
let snapshot: PracticeSession = readStored();
let ended = false;
/** Why the trainee came from the console in this page load (`sessionArrival`). */
let arrival: PracticeArrival | null = null;
const listeners = new Set<() => void>();

function readStored(): PracticeSession {
  const token = read(practiceStorageKeys.token) ?? memory.token;
  const user = parseUser(read(practiceStorageKeys.user)) ?? memory.user;
  return token && user ? { token, user } : { token: null, user: null };
}

function changed(): void {
  snapshot = readStored();
  for (const listener of listeners) listener();
}

/** The current token (null when signed out). */
export function sessionToken(): string | null {
  return read(practiceStorageKeys.token) ?? memory.token;
}

/** The signed-in user, or null. */
export function sessionUser(): PracticeUser | null {
  return snapshot.user;
}

/** Stores a new session (after sign-in or a token refresh) and notifies subscribers. */
export function saveSession(token: string, user: PracticeUser): void {
  memory = { token, user };
  ended = false;
  write(practiceStorageKeys.token, token);
  write(practiceStorageKeys.user, JSON.stringify(user));
  changed();
}

/** Forgets the session (sign out, or a 401/403) and notifies subscribers. */
export function clearSession(): void {
  memory = { token: null, user: null };
  write(practiceStorageKeys.token, null);
  write(practiceStorageKeys.user, null);
  changed();
}

/** Subscribes to session changes (for useSyncExternalStore); answers the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, re-rendering the component when it changes (sign-in, sign-out, 401, other tab). */
export function useSession(): PracticeSession {
  return useSyncExternalStore(subscribeSession, getSnapshot, getSnapshot);
}

function getSnapshot(): PracticeSession {
  return snapshot;
}

/**
 * True when the last session ended by a 401/403 answer (not by signing out): the sign-in page then
 * says that the recordings are kept. The next sign-in or sign-out resets it.
 */
export function sessionEndedByServer(): boolean {
  return ended;
}

/** Signs out: forgets the session only (recorded takes stay on the device). */
export function signOut(): void {
  ended = false;
  arrival = null;
  clearSession();
}

/** How the trainee came from the console in this page load (see `sessionArrival`). */
export interface PracticeArrival {
  /** The email for the sign-in form. */
  email: string;
  /** What the sign-in page says (the account was just created), or null. */
  notice: string | null;
}

/**
 * Why the trainee came from the console in this page load (signed in at /login, or just
 * registered), with the email for the sign-in form; null otherwise. Kept in memory only: a reload
 * or signing out forgets it.
 */
export function sessionArrival(): PracticeArrival | null {
  return arrival;
}

/** True when the console left a hand-over in this tab (`adoptPracticeHandover` then has work). */
export function handoverWaiting(): boolean {
  try {
    return window.sessionStorage.getItem(practiceHandoverKey) !== null;
  } catch {
    return false;
  }
}

/**
 * Takes the console's hand-over, if this tab has one, at `now` (epoch ms; default the current
 * time): saves its session when it is still fresh (replacing an older session of this app: the
 * newer sign-in wins) and remembers why the trainee came. Answers the arrival (null without a
 * hand-over). Loads the code that reads a hand-over (a small chunk) when called: main.tsx calls
 * it before the first render when `handoverWaiting()`. Rejects only when that chunk cannot load.
 */
export async function adoptPracticeHandover(now?: number): Promise<PracticeArrival | null> {
  const { takeArrival } = await import('./arrival');
  const found = takeArrival(now);
  const user = toSessionUser(found?.user);
  if (found?.token && user) saveSession(found.token, user);
  arrival = found && { email: found.email, notice: found.notice };
  return arrival;
}

/**
 * Makes the shared API client send this app's token and, on a 401/403, forget only it (the guard
 * then shows the sign-in page with the session-ended notice). Called once at start (the web tests'
 * setup calls it again for each test file; a repeat adds nothing); also follows sign-ins and
 * sign-outs of other tabs.
 */
export function installPracticeSession(): void {
  setApiSession({ readToken: sessionToken, clear: clearSession });
  setUnauthorizedHandler(() => {
    ended = true;
    changed();
  });
  // Once per window: the web tests install again for each test file in one shared window.
  window.removeEventListener('storage', otherTabChanged);
  window.addEventListener('storage', otherTabChanged);
}

function otherTabChanged(event: StorageEvent): void {
  if (event.storageArea === window.localStorage) changed();
}
