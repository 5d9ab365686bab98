/**
 * Every browser storage key of the console in one place (000 §9): the auth token, the user, the
 * root page, the app context and the store links live in local storage; the organization-detail
 * tab in session storage. Keys come from the contract.
 */
import { localStorageKeys, orgDetailTabSessionKey } from '@practica/contract';

export type LocalKey = keyof typeof localStorageKeys;

/** Reads a local storage value; null when absent or when storage is unavailable. */
export function readLocal(key: LocalKey): string | null {
  try {
    return window.localStorage.getItem(localStorageKeys[key]);
  } catch {
    return null;
  }
}

/** Writes (or, with null, removes) a local storage value. */
export function writeLocal(key: LocalKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(localStorageKeys[key]);
    else window.localStorage.setItem(localStorageKeys[key], value);
  } catch {
    // Storage may be full or disabled (private mode): the console keeps working in memory.
  }
}

/** Reads a JSON value from local storage; null when absent or unparsable. */
export function readLocalJson<T>(key: LocalKey): T | null {
  const raw = readLocal(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Writes a JSON value to local storage. */
export function writeLocalJson(key: LocalKey, value: unknown): void {
  writeLocal(key, JSON.stringify(value));
}

/** 000 §7 / §8: logout and any 401/403 clear all of local storage. */
export function clearLocal(): void {
  try {
    window.localStorage.clear();
  } catch {
    // ignore: nothing to clear
  }
}

/** 000 §2.9: the chosen organization-detail tab, kept for the browser session. */
export const sessionStore = {
  readOrgDetailTab(): string | null {
    try {
      return window.sessionStorage.getItem(orgDetailTabSessionKey);
    } catch {
      return null;
    }
  },
  writeOrgDetailTab(value: string): void {
    try {
      window.sessionStorage.setItem(orgDetailTabSessionKey, value);
    } catch {
      // ignore
    }
  },
};
