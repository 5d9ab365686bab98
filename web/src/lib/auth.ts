/**
 * The auth store (000 §3 'Logged-in user', §4 'Auth state', §7 logout, §9 storage): the token and
 * the user live in local storage under the contract's keys; `authLoaded` and `authed` are kept
 * with them (the app context). `useAuth()` gives components the current session.
 */
import { Role, type LoginAnswer, type RoleId, type SessionUser } from '@practica/contract';
import { useSyncExternalStore } from 'react';
import { paths } from '@shared/config/paths';
import { onStorageCleared } from '@shared/lib/api-client';
import { toSessionUser } from '@shared/lib/session-user';
import {
  clearLocal,
  readLocal,
  readLocalJson,
  writeLocal,
  writeLocalJson,
} from '@shared/lib/storage';

export interface AuthState {
  token: string | null;
  user: SessionUser | null;
  /** The stored session has been read. */
  authLoaded: boolean;
  /** A token and a user are present. */
  authed: boolean;
}

const signedOut: AuthState = { token: null, user: null, authLoaded: true, authed: false };

function readStored(): AuthState {
  const token = readLocal('authToken');
  const user = toSessionUser(readLocalJson<unknown>('user'));
  if (!token || !user) return signedOut;
  return { token, user, authLoaded: true, authed: true };
}

let state: AuthState = readStored();
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A 401/403 answer cleared local storage (000 §8): forget the session.
onStorageCleared(() => setState(signedOut));

// Another tab signed in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea === window.localStorage) setState(readStored());
  });
}

/** The current session, outside React. */
export function getAuth(): AuthState {
  return state;
}

/** Stores the login answer: the token apart from the user fields (000 §3). */
export function signIn(answer: LoginAnswer): SessionUser {
  const { token, ...rest } = answer;
  const user = toSessionUser(rest);
  if (!user) throw new TypeError('signIn: the login answer is not a session user');
  writeLocal('authToken', token);
  writeLocalJson('user', user);
  writeLocalJson('appContext', { authLoaded: true, authed: true });
  setState({ token, user, authLoaded: true, authed: true });
  return user;
}

/** Replaces the stored user (after a profile change). */
export function updateUser(user: SessionUser): void {
  if (!state.token) return;
  writeLocalJson('user', user);
  setState({ ...state, user });
}

/** 000 §7: logout is local: clear all of local storage. */
export function signOut(): void {
  clearLocal();
  setState(signedOut);
}

/** React hook over the auth store. */
export function useAuth(): AuthState & { signIn: typeof signIn; signOut: typeof signOut } {
  const current = useSyncExternalStore(subscribe, getAuth, getAuth);
  return { ...current, signIn, signOut };
}

/** 000 §2.3: where each role lands after signing in (a trainee goes to the app page). */
export function roleHome(roleId: RoleId): string {
  switch (roleId) {
    case Role.Admin:
      return paths.systemAdminDashboard();
    case Role.Manager:
      return paths.orgManagerDashboard();
    case Role.Instructor:
      return paths.dashboard();
    default:
      return paths.appRedirect();
  }
}

/** Test hook: re-read local storage into the store. */
export function reloadAuthFromStorage(): void {
  setState(readStored());
}
