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
 * Imports no schema code; the practice app loads this module only when its tab holds a hand-over.
 */
import type { LoginAnswer } from '@practica/contract';
import { practiceHandoverKey } from './practice-handover-key';

export { practiceHandoverKey };

/** How long (ms) a hand-over signs the trainee in: 10 minutes. */
export const practiceHandoverTtlMs = 10 * 60 * 1000;

/** Why the trainee comes: signed in at /login, or just registered from an invite. */
export type PracticeArrivalReason = 'signed-in' | 'registered';

/** What the practice app takes: the session when still fresh, else only who and why. */
export interface PracticeHandover {
  reason: PracticeArrivalReason;
  email: string;
  /** The session's token (null after a registration or once the hand-over is past its time). */
  token: string | null;
  /**
   * The session's user as the console stored it, unchecked (null with no token): the practice app
   * checks it with `toSessionUser`, which its first page already carries, so this module (loaded
   * apart) imports nothing.
   */
  user: unknown;
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

/** The stored hand-over when it names an email and a time (kept small: the sign-in page's). */
function readStored(): Stored | null {
  try {
    const value = JSON.parse(storage()?.getItem(practiceHandoverKey) ?? 'null') as Stored | null;
    return typeof value?.email === 'string' && typeof value.at === 'number' ? value : null;
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
  return typeof stored?.token === 'string' && isFresh(stored, now) ? stored.email : null;
}

/**
 * Takes (reads and removes) the hand-over at `now` (epoch ms): a sign-in's token and user when
 * written within `practiceHandoverTtlMs`, else only the reason and email; null when there is none
 * or it is unreadable.
 */
export function takePracticeHandover(now: number = Date.now()): PracticeHandover | null {
  const stored = readStored();
  clearPracticeHandover();
  if (!stored) return null;
  const { token, reason, email } = stored;
  const session = typeof token === 'string' && isFresh(stored, now);
  return {
    reason: reason === 'signed-in' ? reason : 'registered',
    email,
    token: session ? token : null,
    user: session ? stored.user : null,
  };
}
