/**
 * Carrying a trainee from the console to the practice app without asking for the password again.
 * The console never keeps a trainee's session (000 §2.3), but it holds the sign-in's (or the invite
 * registration's) answer for a moment: it leaves that answer for the practice app in this tab's
 * session storage, and the practice app takes it once at start (`takePracticeHandover`), so the
 * trainee arrives signed in.
 *
 * Why this way: the token never travels in a URL (no server log, browser history or Referer holds
 * it); session storage is this origin's and this tab's only and ends with the tab; the hand-over is
 * read once (removed on reading) and only within `practiceHandoverTtlMs`, so a tab left open on
 * the app page does not sign the next person in; a staff sign-in removes it. Past its time (or
 * with storage disabled) the practice app still gets the email, to prefill its sign-in form.
 * Imports no schema code: the practice app's first page carries it.
 */
import type { LoginAnswer, SessionUser } from '@practica/contract';
import { toSessionUser } from './session-user';

/** The session storage key of the hand-over (shared by the console and the practice app). */
export const practiceHandoverKey = 'practica.practice.handover';

/** How long (ms) a hand-over signs the trainee in: 10 minutes. */
export const practiceHandoverTtlMs = 10 * 60 * 1000;

/** Why the trainee comes: signed in at /login, or just registered from an invite. */
export type PracticeArrivalReason = 'signed-in' | 'registered';

/** What the practice app takes: the session when still fresh, else only who and why. */
export interface PracticeHandover {
  reason: PracticeArrivalReason;
  email: string;
  /** The session to save (both null once the hand-over is past its time). */
  token: string | null;
  user: SessionUser | null;
}

interface Stored {
  reason: PracticeArrivalReason;
  email: string;
  token: string;
  user: unknown;
  /** When the console wrote it, epoch ms. */
  at: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readStored(): Stored | null {
  try {
    const raw = storage()?.getItem(practiceHandoverKey);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Stored> | null;
    if (
      !value ||
      (value.reason !== 'signed-in' && value.reason !== 'registered') ||
      typeof value.email !== 'string' ||
      typeof value.token !== 'string' ||
      typeof value.at !== 'number'
    )
      return null;
    return value as Stored;
  } catch {
    return null;
  }
}

/**
 * Leaves the login (or registration) `answer` of a trainee for the practice app in this tab, stamped
 * `now` (epoch ms). Storage that refuses it (private mode, full) leaves nothing: the practice app
 * then asks for the password as before.
 */
export function handOverToPractice(
  answer: LoginAnswer,
  reason: PracticeArrivalReason,
  now: number = Date.now(),
): void {
  const { token, ...user } = answer;
  const stored: Stored = { reason, email: answer.email, token, user, at: now };
  try {
    storage()?.setItem(practiceHandoverKey, JSON.stringify(stored));
  } catch {
    // Nothing kept: the practice app's sign-in asks for the password.
  }
}

/** Removes a hand-over left in this tab (a staff member signed in, or the practice app took it). */
export function clearPracticeHandover(): void {
  try {
    storage()?.removeItem(practiceHandoverKey);
  } catch {
    // ignore: nothing to remove
  }
}

/**
 * The email of a hand-over that would still sign the trainee in at `now` (epoch ms), without taking
 * it; null when there is none (the app page's "no need to sign in again").
 */
export function pendingPracticeHandover(now: number = Date.now()): string | null {
  const stored = readStored();
  return stored && now - stored.at <= practiceHandoverTtlMs && now >= stored.at
    ? stored.email
    : null;
}

/**
 * Takes (reads and removes) the hand-over at `now` (epoch ms): its session when written within
 * `practiceHandoverTtlMs` and its user is a valid session user, else only the reason and email;
 * null when there is none or it is unreadable.
 */
export function takePracticeHandover(now: number = Date.now()): PracticeHandover | null {
  const stored = readStored();
  clearPracticeHandover();
  if (!stored) return null;
  const fresh = now >= stored.at && now - stored.at <= practiceHandoverTtlMs;
  const user = fresh ? toSessionUser(stored.user) : null;
  return {
    reason: stored.reason,
    email: stored.email,
    token: user ? stored.token : null,
    user,
  };
}
