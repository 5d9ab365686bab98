/**
 * What the console's hand-over (shared/lib/practice-handover.ts) brings the practice app, read in a
 * chunk of its own that the app loads only when its tab holds a hand-over (`adoptPracticeHandover`
 * in session.ts): the sign-in's token and user while fresh, the email for the sign-in form and,
 * after an invite registration, the notice that the account was created.
 */
import { takePracticeHandover } from '@shared/lib/practice-handover';

/** The copy of an arrival, loaded with it (the sign-in page's first load has a budget). */
export const arrivalText = {
  /** The sign-in page just after an invite registration in the console. */
  accountCreated: 'Your account is ready. Sign in with the password you just chose.',
} as const;

/** A hand-over as the practice app uses it. */
export interface Arrival {
  /** The sign-in's token, or null (after a registration, or past the hand-over's time). */
  token: string | null;
  /** The sign-in's user, unchecked (session.ts checks it), or null. */
  user: unknown;
  /** The email for the sign-in form. */
  email: string;
  /** What the sign-in page says about it, or null. */
  notice: string | null;
}

/** Takes (reads and removes) this tab's hand-over at `now` (epoch ms); null without one. */
export function takeArrival(now: number = Date.now()): Arrival | null {
  const handover = takePracticeHandover(now);
  if (!handover) return null;
  return {
    token: handover.token,
    user: handover.user,
    email: handover.email,
    notice: handover.reason === 'registered' ? arrivalText.accountCreated : null,
  };
}
