/**
 * Carrying a trainee from the console to the practice app. The console never keeps a trainee's
 * session (000 §2.3), but it holds the sign-in's answer for a moment: it leaves that answer for the
 * practice app in this tab's session storage (`handOverToPractice`), and the practice app takes it
 * once at start (`takePracticeHandover`), so the trainee arrives signed in without typing the
 * password again. After an invite registration it leaves only the email
 * (`handOverRegistration`): the practice app's sign-in then says the account was created and has
 * the email filled in, and the trainee signs in once with the new password (which also lets the
 * browser offer to save it for the practice app).
 *
 * Why this way: the token never travels in a URL (no server log, browser history or Referer holds
 * it); session storage is this origin's and this tab's only and ends with the tab; the hand-over is
 * read once (removed on reading) and only within `practiceHandoverTtlMs`, so a tab left open on
 * the app page does not sign the next person in; a staff sign-in removes it. Past its time the
 * practice app still gets the email, to prefill its sign-in form.
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
  /** The session of a sign-in; null after a registration. */
  token: string | null;
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
      (typeof value.token !== 'string' && value.token !== null) ||
      typeof value.at !== 'number'
    )
      return null;
    return value as Stored;
  } catch {
    return null;
  }
}

function store(stored: Stored): void {
  try {
    storage()?.setItem(practiceHandoverKey, JSON.stringify(stored));
  } catch {
    // Nothing kept (private mode, full storage): the practice app's sign-in asks as before.
  }
}

/**
 * Leaves a trainee's login `answer` (its token and user) for the practice app in this tab, stamped
 * `now` (epoch ms). Storage that refuses it leaves nothing: the practice app then asks for the
 * password as before.
 */
export function handOverToPractice(answer: LoginAnswer, now: number = Date.now()): void {
  const { token, ...user } = answer;
  store({ reason: 'signed-in', email: answer.email, token, user, at: now });
}

/**
 * Leaves for the practice app in this tab that the trainee of `email` just registered (no
 * session): its sign-in says the account was created and has the email filled in.
 */
export function handOverRegistration(email: string, now: number = Date.now()): void {
  store({ reason: 'registered', email, token: null, user: null, at: now });
}

/** Removes a hand-over left in this tab (a staff member signed in, or the practice app took it). */
export function clearPracticeHandover(): void {
  try {
    storage()?.removeItem(practiceHandoverKey);
  } catch {
    // ignore: nothing to remove
  }
}

const isFresh = (stored: Stored, now: number) =>
  now >= stored.at && now - stored.at <= practiceHandoverTtlMs;

/**
 * The email of a sign-in hand-over that would still sign the trainee in at `now` (epoch ms),
 * without taking it; null when there is none (the app page's "no need to sign in again").
 */
export function pendingPracticeHandover(now: number = Date.now()): string | null {
  const stored = readStored();
  return stored?.token && isFresh(stored, now) ? stored.email : null;
}

/**
 * Takes (reads and removes) the hand-over at `now` (epoch ms): a sign-in's session when written
 * within `practiceHandoverTtlMs` and its user is a valid session user, else only the reason and
 * email; null when there is none or it is unreadable.
 */
export function takePracticeHandover(now: number = Date.now()): PracticeHandover | null {
  const stored = readStored();
  clearPracticeHandover();
  if (!stored) return null;
  const user = stored.token && isFresh(stored, now) ? toSessionUser(stored.user) : null;
  return {
    reason: stored.reason,
    email: stored.email,
    token: user ? stored.token : null,
    user,
  };
}
